// @vitest-environment jsdom
// "This photo is also on listing X" in the approval queue and Edit Property.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { shortId } from '@fie/domain';
import { DuplicatePhotos } from '../src/islands/back-office/approvals/duplicate-photos';

afterEach(cleanup);

describe('copied photos', () => {
  it('names each other listing, with a link to it, closest first as the cms answers', () => {
    render(
      <DuplicatePhotos
        list={[
          {
            propertyId: 'same0001abcdef',
            distance: 0,
            image: '/uploads/a.jpg',
            otherImage: '/uploads/a.jpg',
          },
          {
            propertyId: 'copy0002abcdef',
            distance: 6,
            image: '/uploads/b.jpg',
            otherImage: '/uploads/c.webp',
          },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      `This photo is also on listing ${shortId('same0001abcdef')}`,
      `This photo is also on listing ${shortId('copy0002abcdef')} (edited copy)`,
    ]);
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/property/same0001abcdef',
      '/property/copy0002abcdef',
    ]);
  });

  it('says nothing when no other listing shows its photos', () => {
    const { container } = render(<DuplicatePhotos list={[]} />);
    expect(container.innerHTML).toBe('');
    render(<DuplicatePhotos list={undefined} />);
    expect(screen.queryByTestId('duplicate-photos')).toBeNull();
  });
});
