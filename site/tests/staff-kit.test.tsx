// @vitest-environment jsdom
// The back-office kit (site/src/islands/back-office/kit): the server-paged list's query string and paging,
// the list footer, the modal dialog (Escape, focus trap, unsaved-changes guard) and the banners.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import {
  Banners,
  ConfirmDialog,
  Dialog,
  ListFooter,
  listQuery,
  useBanners,
} from '../src/islands/back-office/kit';
import { ApiError } from '../src/lib/api-call';
import { carryStaffPageWords } from './page-words';

// Rendered as on a back-office page, which carries the English words of the parts it shares.
carryStaffPageWords();

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('listQuery', () => {
  it('sends the trimmed search, the filters that are set, the page and its size', () => {
    expect(
      listQuery({ search: '  osu ', page: 3, pageSize: 20, filters: { status: 'Ongoing', priority: '' } }),
    ).toBe('search=osu&status=Ongoing&page=3&pageSize=20');
  });
  it('leaves out an empty search and encodes what needs it', () => {
    expect(listQuery({ search: '   ', page: 1, pageSize: 10, filters: {} })).toBe('page=1&pageSize=10');
    expect(
      listQuery({ search: 'a&b=c', page: 1, pageSize: 10, filters: { status: 'Closed by others' } }),
    ).toBe('search=a%26b%3Dc&status=Closed+by+others&page=1&pageSize=10');
  });
});

describe('ListFooter', () => {
  it('says which rows are shown and offers up to five page numbers around the current page', () => {
    const onPage = vi.fn();
    render(
      <ListFooter
        page={6}
        pageSize={10}
        total={123}
        noun={['property', 'properties']}
        onPage={onPage}
        onPageSize={() => {}}
      />,
    );
    expect(screen.getByText('Showing 51-60 of 123 properties')).toBeTruthy();
    const numbers = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
    expect(numbers).toEqual(['4', '5', '6', '7', '8']);
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(7);
  });
  it('offers the sizes 5, 10, 20 and 50 and reports a change', () => {
    const onPageSize = vi.fn();
    render(
      <ListFooter
        page={1}
        pageSize={10}
        total={3}
        noun={['user', 'users']}
        onPage={() => {}}
        onPageSize={onPageSize}
      />,
    );
    const select = screen.getByLabelText('Per page') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['5', '10', '20', '50']);
    fireEvent.change(select, { target: { value: '50' } });
    expect(onPageSize).toHaveBeenCalledWith(50);
  });
  it('hides the numbers of a single page when asked (the approval queues) and says "0-0 of 0" when empty', () => {
    render(
      <ListFooter
        page={1}
        pageSize={10}
        total={0}
        noun={['deal', 'deals']}
        onPage={() => {}}
        sizes={false}
        hideSingle
      />,
    );
    expect(screen.getByText('Showing 0-0 of 0 deals')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    expect(screen.queryByLabelText('Per page')).toBeNull();
  });
});

function DialogHarness({ dirty = false, onClose = () => {} }: { dirty?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog
          title="Add New Deal"
          dirty={dirty}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <input aria-label="Tenant name" />
          <button type="button">Save</button>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('is a labelled modal that starts focus inside, keeps Tab inside and closes on Escape, giving focus back', () => {
    render(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Add New Deal' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    // From the last control, Tab wraps to the first (the close button).
    screen.getByRole('button', { name: 'Save' }).focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('with unsaved changes asks before closing: Keep editing stays, Discard closes', () => {
    const onClose = vi.fn();
    render(<DialogHarness dirty onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog', { name: 'Discard unsaved changes?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Add New Deal' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ConfirmDialog runs its action once, shows the refusal and disables the action while busy', () => {
    const onConfirm = vi.fn();
    const { rerender } = render(
      <ConfirmDialog
        title="Delete Deal"
        message="Are you sure?"
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    rerender(
      <ConfirmDialog
        title="Delete Deal"
        message="Are you sure?"
        confirmLabel="Delete"
        busy
        error="Failed to delete deal"
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to delete deal');
    expect((screen.getByRole('button', { name: 'Working…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

function BannerHarness() {
  const banners = useBanners();
  return (
    <>
      <Banners state={banners} />
      <button type="button" onClick={() => banners.succeed('Deal created successfully')}>
        ok
      </button>
      <button
        type="button"
        onClick={() =>
          banners.fail(
            new ApiError('Tenancy end date must not be before the start date.', 400),
            'Failed to create deal',
          )
        }
      >
        refused
      </button>
      <button type="button" onClick={() => banners.fail(new ApiError('', 0), 'Failed to create deal')}>
        offline
      </button>
    </>
  );
}

describe('banners', () => {
  it('shows the server message, else the fallback, in a red banner that stays until dismissed', () => {
    render(<BannerHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'refused' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Tenancy end date must not be before the start date.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'offline' }));
    expect(screen.getByRole('alert').textContent).toContain('Failed to create deal');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a green banner that closes itself after 5 seconds', () => {
    vi.useFakeTimers();
    render(<BannerHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    expect(screen.getByRole('status').textContent).toContain('Deal created successfully');
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
