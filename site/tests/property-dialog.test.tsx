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

describe('the move-in fields', () => {
  it('shows them for Rent only, requires the advance there and sends the terms', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Not now' }), { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    render(<PropertyDialog onClose={() => {}} onSaved={() => {}} />);
    expect(screen.queryByLabelText('Advance (months) *')).toBeNull();

    fireEvent.change(screen.getByLabelText('Lease type *'), { target: { value: 'Rent' } });
    expect(await screen.findByLabelText('Advance (months) *')).toBeTruthy();
    expect(screen.getByLabelText('Agency fee (% of the advance)')).toBeTruthy();
    expect(screen.getByLabelText('Registration fee (GH₵, non-refundable)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText('Advance (months) is required for a Rent listing')).toBeTruthy();

    fireEvent.input(screen.getByLabelText('Agency fee (% of the advance)'), { target: { value: '30' } });
    expect(await screen.findByText('Agency fee must be a percentage from 0 to 20')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Lease type *'), { target: { value: 'Sale' } });
    await waitFor(() => expect(screen.queryByLabelText('Advance (months) *')).toBeNull());
    expect(screen.queryByText('Advance (months) is required for a Rent listing')).toBeNull();

    fireEvent.change(screen.getByLabelText('Lease type *'), { target: { value: 'Rent' } });
    for (const [label, value] of [
      ['Location *', 'Osu, Accra'],
      ['Nearest landmark *', 'Oxford Street'],
      ['Price *', '2000'],
      ['Advance (months) *', '12'],
      ['Agency fee (% of the advance)', '10'],
      ['Registration fee (GH₵, non-refundable)', '500'],
    ] as const)
      fireEvent.input(await screen.findByLabelText(label), { target: { value } });
    fireEvent.change(screen.getByLabelText('Property type *'), { target: { value: 'Apartment' } });
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'GHS' } });
    fireEvent.change(screen.getByLabelText('Image URL'), { target: { value: '/uploads/a.jpg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add URL' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Property' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      leaseType: 'Rent',
      price: 'GH₵2000',
      advanceMonths: 12,
      agencyFeePercent: 10,
      registrationFee: 500,
    });
    vi.unstubAllGlobals();
  });
});
