import { describe, expect, it } from 'vitest';
import { enquiryCreateSchema, enquirySchema, enquiryUpdateSchema, MESSAGES } from '../../src/index.js';
import { messageAt, parsed, problems } from '../helpers.js';

describe('enquiryCreateSchema', () => {
  it('accepts the public form payload and fills the defaults', () => {
    expect(
      parsed(enquiryCreateSchema, {
        name: '  Kofi Boateng ',
        phoneNumber: ['024 123 4567'],
        email: 'not provided',
        message: '',
        product: 'p1',
      }),
    ).toEqual({
      name: 'Kofi Boateng',
      phoneNumber: ['+233241234567'],
      email: null,
      whatsAppNumber: null,
      location: null,
      propertyType: null,
      budget: null,
      furnishStatus: 'Not specified',
      message: 'No additional comments',
      product: 'p1',
    });
  });

  it('accepts the back-office form: one phone as text, comments instead of message', () => {
    const result = parsed(enquiryCreateSchema, {
      name: 'Esi',
      phoneNumber: '0501234567',
      email: 'Esi@X.com',
      whatsAppNumber: '+233 50 123 4567',
      location: 'Tema',
      propertyType: 'Condo',
      budget: 'GH₵3,000 a month',
      furnishStatus: 'Semi furnished',
      comments: 'Near the harbour please',
    });
    expect(result).toMatchObject({
      phoneNumber: ['+233501234567'],
      email: 'esi@x.com',
      whatsAppNumber: '+233501234567',
      propertyType: 'Condo',
      furnishStatus: 'Semi furnished',
      message: 'Near the harbour please',
    });
    expect(result).not.toHaveProperty('comments');
  });

  it('requires a name', () => {
    expect(messageAt(enquiryCreateSchema, { name: '   ', phoneNumber: ['0241234567'] }, 'name')).toBe(
      'Name is required',
    );
    expect(messageAt(enquiryCreateSchema, { phoneNumber: ['0241234567'] }, 'name')).toBe(
      MESSAGES.nameRequired,
    );
  });

  it('requires at least one phone number', () => {
    for (const phoneNumber of [undefined, [], '', ['  ']]) {
      expect(messageAt(enquiryCreateSchema, { name: 'Esi', phoneNumber }, 'phoneNumber')).toBe(
        'At least one phone number is required',
      );
    }
  });

  it('refuses a phone that is not a Ghana number, and a bad e-mail or WhatsApp number', () => {
    expect(messageAt(enquiryCreateSchema, { name: 'Esi', phoneNumber: ['12345'] }, 'phoneNumber.0')).toBe(
      MESSAGES.invalidPhone,
    );
    expect(
      messageAt(enquiryCreateSchema, { name: 'Esi', phoneNumber: '0241234567', email: 'esi@' }, 'email'),
    ).toBe(MESSAGES.invalidEmail);
    expect(
      messageAt(
        enquiryCreateSchema,
        { name: 'Esi', phoneNumber: '0241234567', whatsAppNumber: '999' },
        'whatsAppNumber',
      ),
    ).toBe(MESSAGES.invalidPhone);
  });

  it('refuses unknown property types and furnish statuses but takes blanks as none', () => {
    const base = { name: 'Esi', phoneNumber: '0241234567' };
    expect(messageAt(enquiryCreateSchema, { ...base, propertyType: 'Castle' }, 'propertyType')).toMatch(
      /^Property type must be one of/,
    );
    expect(messageAt(enquiryCreateSchema, { ...base, furnishStatus: 'Unfurnished' }, 'furnishStatus')).toBe(
      'Furnish status must be one of: Not specified, Fully furnished, Semi furnished, Not furnished',
    );
    expect(parsed(enquiryCreateSchema, { ...base, propertyType: '', furnishStatus: '' })).toMatchObject({
      propertyType: null,
      furnishStatus: 'Not specified',
    });
  });

  it('limits the message to 2000 characters and the budget to 100', () => {
    const base = { name: 'Esi', phoneNumber: '0241234567' };
    expect(messageAt(enquiryCreateSchema, { ...base, message: 'x'.repeat(2001) }, 'message')).toBe(
      'Message must be at most 2000 characters',
    );
    expect(messageAt(enquiryCreateSchema, { ...base, budget: 'x'.repeat(101) }, 'budget')).toBe(
      'Must be at most 100 characters',
    );
  });
});

describe('enquiryUpdateSchema', () => {
  it('accepts priority, status and comments', () => {
    expect(
      parsed(enquiryUpdateSchema, {
        priority: 'High',
        status: 'Appointment booked',
        comments: 'Called back',
      }),
    ).toEqual({
      priority: 'High',
      status: 'Appointment booked',
      comments: 'Called back',
    });
  });

  it('refuses unknown values', () => {
    expect(messageAt(enquiryUpdateSchema, { priority: 'Urgent' }, 'priority')).toBe(
      'Priority must be one of: High, Moderate, Low',
    );
    expect(messageAt(enquiryUpdateSchema, { status: 'Done' }, 'status')).toMatch(
      /^Status must be one of: Pending/,
    );
  });
});

describe('enquirySchema (response)', () => {
  const enquiry = {
    _id: 'e1',
    name: 'Esi',
    phoneNumber: ['+233241234567'],
    email: null,
    whatsAppNumber: null,
    location: 'Tema',
    propertyType: 'Office',
    budget: null,
    furnishStatus: 'Not specified',
    priority: 'Moderate',
    status: 'Pending',
    comments: 'No additional comments',
    interestedProperty: 'p1',
    enquiryDate: '2025-06-01T08:00:00.000Z',
    createdAt: '2025-06-01T08:00:00.000Z',
  };

  it('reads an enquiry', () => {
    expect(parsed(enquirySchema, enquiry)).toEqual(enquiry);
  });

  it('refuses a phone list given as text', () => {
    expect(problems(enquirySchema, { ...enquiry, phoneNumber: '+233241234567' }).map((p) => p.path)).toEqual([
      'phoneNumber',
    ]);
  });
});
