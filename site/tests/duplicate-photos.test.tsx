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

  it('counts the listings past the ones named, exactly or as "more than" when the cms capped it', () => {
    const list = ['a', 'b'].map((c) => ({
      propertyId: `${c}000000abcdef`,
      distance: 0,
      image: '/uploads/s.jpg',
      otherImage: '/uploads/s.jpg',
    }));
    const { rerender } = render(<DuplicatePhotos list={list} total={3} relation="eq" />);
    expect(screen.getByTestId('duplicate-photos-more').textContent).toBe('and 1 other listing');
    rerender(<DuplicatePhotos list={list} total={14} relation="eq" />);
    expect(screen.getByTestId('duplicate-photos-more').textContent).toBe('and 12 other listings');
    rerender(<DuplicatePhotos list={list} total={100} relation="gte" />);
    expect(screen.getByTestId('duplicate-photos-more').textContent).toBe(
      'and more than 98 other listings (a photo shared this widely is often a stock photo)',
    );
    rerender(<DuplicatePhotos list={list} total={2} relation="eq" />);
    expect(screen.queryByTestId('duplicate-photos-more')).toBeNull();
  });

  it('says nothing when no other listing shows its photos', () => {
    const { container } = render(<DuplicatePhotos list={[]} />);
    expect(container.innerHTML).toBe('');
    render(<DuplicatePhotos list={undefined} />);
    expect(screen.queryByTestId('duplicate-photos')).toBeNull();
  });
});
