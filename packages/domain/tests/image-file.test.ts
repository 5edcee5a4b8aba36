import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, imageFileProblem, MESSAGES } from '../src/index.js';

describe('image files', () => {
  it('accepts JPG, JPEG, PNG and WEBP up to 10 MB', () => {
    expect(imageFileProblem({ name: 'front.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(imageFileProblem({ name: 'FRONT.JPEG', type: 'image/jpeg', size: IMAGE_MAX_BYTES })).toBeNull();
    expect(imageFileProblem({ name: 'plan.png', type: 'image/png', size: 10 })).toBeNull();
    expect(imageFileProblem({ name: 'yard.webp', type: 'image/webp', size: 10 })).toBeNull();
  });

  it('refuses other types with its message', () => {
    expect(imageFileProblem({ name: 'deed.pdf', type: 'application/pdf', size: 10 })).toBe(
      MESSAGES.invalidFileType,
    );
    expect(imageFileProblem({ name: 'x.gif', type: 'image/gif', size: 10 })).toBe(
      'Invalid file type. Please upload JPG, PNG, or WEBP images.',
    );
    expect(imageFileProblem({ name: 'renamed.jpg', type: 'text/html', size: 10 })).toBe(
      MESSAGES.invalidFileType,
    );
  });

  it('refuses files over 10 MB with its message', () => {
    expect(imageFileProblem({ name: 'big.jpg', type: 'image/jpeg', size: IMAGE_MAX_BYTES + 1 })).toBe(
      'File size too large. Maximum size is 10MB.',
    );
  });
});
