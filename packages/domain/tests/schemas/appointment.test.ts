import { describe, expect, it } from 'vitest';
import {
  adminBookingSchema,
  appointmentSchema,
  appointmentUpdateSchema,
  bookingSchema,
  MESSAGES,
} from '../../src/index.js';
import { messageAt, parsed, problems } from '../helpers.js';

describe('bookingSchema', () => {
  it('accepts a date and a slot, defaulting comments to empty', () => {
    expect(parsed(bookingSchema, { date: '2025-06-10', time: '17:00' })).toEqual({
      date: '2025-06-10',
      time: '17:00',
      comments: '',
    });
  });

  it('asks for both date and time when either is missing', () => {
    expect(messageAt(bookingSchema, { time: '10:00' }, 'date')).toBe('Please select both date and time');
    expect(messageAt(bookingSchema, { date: '2025-06-10', time: '' }, 'time')).toBe(
      MESSAGES.selectDateAndTime,
    );
  });

  it('refuses impossible dates, malformed times and times between slots', () => {
    expect(messageAt(bookingSchema, { date: '2025-02-30', time: '10:00' }, 'date')).toBe(
      MESSAGES.invalidDate,
    );
    expect(messageAt(bookingSchema, { date: '2025-06-10', time: '10am' }, 'time')).toBe(MESSAGES.invalidTime);
    expect(messageAt(bookingSchema, { date: '2025-06-10', time: '17:30' }, 'time')).toBe(
      MESSAGES.bookingNotASlot,
    );
  });

  it('limits comments to 1000 characters', () => {
    expect(
      messageAt(bookingSchema, { date: '2025-06-10', time: '10:00', comments: 'x'.repeat(1001) }, 'comments'),
    ).toBe('Comments must be at most 1000 characters');
  });
});

describe('adminBookingSchema', () => {
  const valid = { userEmail: 'Ama@x.com', userId: 'u1', productId: 'p1', date: '2025-06-10', time: '09:30' };

  it('accepts the schedule dialog payload', () => {
    expect(parsed(adminBookingSchema, valid)).toEqual({ ...valid, userEmail: 'ama@x.com', comments: '' });
    expect(parsed(adminBookingSchema, { ...valid, userEmail: '' }).userEmail).toBeNull();
    expect(messageAt(adminBookingSchema, { ...valid, userEmail: 'ama@' }, 'userEmail')).toBe(
      MESSAGES.invalidEmail,
    );
  });

  it.each([
    ['userId', 'Please select a user'],
    ['productId', 'Please select a property'],
    ['date', 'Please select a date'],
    ['time', 'Please select a time'],
  ])('reports a missing %s with its message', (field, message) => {
    expect(messageAt(adminBookingSchema, { ...valid, [field]: '' }, field)).toBe(message);
  });
});

describe('appointmentUpdateSchema', () => {
  it('accepts a status alone or the full edit form', () => {
    expect(parsed(appointmentUpdateSchema, { status: 'Successful' })).toEqual({ status: 'Successful' });
    expect(
      parsed(appointmentUpdateSchema, {
        date: '2025-06-11',
        time: '11:00',
        status: 'Rescheduled',
        comments: 'moved',
      }),
    ).toEqual({
      date: '2025-06-11',
      time: '11:00',
      status: 'Rescheduled',
      comments: 'moved',
    });
  });

  it('refuses Cancelled, unknown statuses and blank date or time', () => {
    expect(messageAt(appointmentUpdateSchema, { status: 'Cancelled' }, 'status')).toBe(
      'Status must be one of: Ongoing, Successful, Unsuccessful, Rescheduled',
    );
    expect(messageAt(appointmentUpdateSchema, { date: '' }, 'date')).toBe(MESSAGES.selectDate);
    expect(messageAt(appointmentUpdateSchema, { time: '' }, 'time')).toBe(MESSAGES.selectTime);
  });
});

describe('appointmentSchema (response)', () => {
  const appointment = {
    _id: 'a1',
    user: { _id: 'u1', email: 'ama@x.com' },
    product: { _id: 'p1', location: 'Osu', propertyType: 'Apartment' },
    date: '2025-06-10',
    time: '10:00',
    status: 'Ongoing',
    comments: '',
    startsAt: '2025-06-10T10:00:00.000Z',
    createdAt: '2025-06-01T08:00:00.000Z',
    updatedAt: null,
  };

  it('reads embedded or plain-id users and products', () => {
    expect(parsed(appointmentSchema, appointment)).toEqual(appointment);
    expect(parsed(appointmentSchema, { ...appointment, user: 'u1', product: null })).toMatchObject({
      user: 'u1',
      product: null,
    });
  });

  it('refuses unknown statuses and a product with wrongly typed fields', () => {
    expect(problems(appointmentSchema, { ...appointment, status: 'Done' }).map((p) => p.path)).toEqual([
      'status',
    ]);
    expect(
      problems(appointmentSchema, { ...appointment, product: { _id: 'p1', numberOfBedrooms: 'two' } }),
    ).not.toEqual([]);
  });
});
