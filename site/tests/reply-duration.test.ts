import { describe, expect, it } from 'vitest';
import { replyDuration } from '../src/islands/back-office/reply-times-card';

describe('a reply time as the dashboard writes it', () => {
  it('in minutes under an hour, in hours and minutes above, a dash for none', () => {
    expect(replyDuration(40)).toBe('40 min');
    expect(replyDuration(60)).toBe('1 h');
    expect(replyDuration(125)).toBe('2 h 5 min');
    expect(replyDuration(null)).toBe('—');
  });
});
