// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import PropertyDialog from '../src/islands/back-office/properties/property-dialog';

afterEach(cleanup);

describe('the Add New Property dialog', () => {
  it('shows the required-field messages and sends nothing while fields are empty', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<PropertyDialog onClose={() => {}} onSaved={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    for (const message of [
      'Location is required',
      'Nearest landmark is required',
      'Property type is required',
      'Lease type is required',
      'Price is required',
      'At least one image is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('asks before Cancel discards what was typed, and closes at once when nothing was', async () => {
    const onClose = vi.fn();
    render(<PropertyDialog onClose={onClose} onSaved={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.input(screen.getByLabelText('Location *'), { target: { value: 'Osu, Accra' } });
    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByRole('alertdialog')).toBeTruthy();
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('adds an image by URL, moves it to be the cover and removes it', async () => {
    render(<PropertyDialog onClose={() => {}} onSaved={() => {}} />);
    for (const url of ['/uploads/a.jpg', '/uploads/b.jpg']) {
      fireEvent.change(screen.getByLabelText('Image URL'), { target: { value: url } });
      fireEvent.click(screen.getByRole('button', { name: 'Add URL' }));
    }
    const covers = () => screen.getAllByRole('listitem').map((li) => li.textContent);
    await waitFor(() => expect(covers()).toHaveLength(2));
    expect(covers()[0]).toContain('Cover image/uploads/a.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Move image 2 up' }));
    await waitFor(() => expect(covers()[0]).toContain('Cover image/uploads/b.jpg'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => expect(covers()).toEqual(['Cover image/uploads/a.jpg↑↓Remove']));
  });
});
