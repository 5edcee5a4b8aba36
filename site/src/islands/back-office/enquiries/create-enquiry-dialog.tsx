import { useId, useState, type SyntheticEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  ADMIN_ENQUIRY_PROPERTY_TYPES,
  ENQUIRY_FURNISH_STATUSES,
  enquiryCreateSchema,
  MESSAGES,
  type EnquiryCreateInput,
} from '@fie/domain';
import { Dialog, DialogActions } from '../kit';
import { ErrorBanner, Field, inputClass } from '../../shared/form-field';
import { messageOf } from '../../../lib/api-call';
import { fieldErrors } from '../appointments/field-errors';
import { ChoiceField } from './choice-field';
import { enquiriesApi } from './enquiries-api';

const EMPTY = {
  name: '',
  phone: '',
  email: '',
  whatsAppNumber: '',
  location: '',
  propertyType: '',
  budget: '',
  furnishStatus: 'Not specified',
  comments: '',
};
type Form = typeof EMPTY;

/** The request body of the form: one phone number, sent as a list of one (the API takes a list). */
export function enquiryBody(form: Form): EnquiryCreateInput {
  return {
    name: form.name,
    phoneNumber: [form.phone],
    email: form.email,
    whatsAppNumber: form.whatsAppNumber,
    location: form.location,
    propertyType: form.propertyType,
    budget: form.budget,
    furnishStatus: form.furnishStatus,
    comments: form.comments,
  };
}

/**
 * "Create Enquiry": staff record a client's enquiry. The name is required and
 * trimmed, one Ghana phone number is required; the rest is optional. The server checks the same rules.
 */
export default function CreateEnquiryDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: () => void;
}) {
  const commentsId = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // A field's message goes once it is changed; the rest stay until the next try.
  const set = (field: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field === 'phone' ? 'phoneNumber' : field]: '' }));
  };

  const create = useMutation({
    mutationFn: enquiriesApi.create,
    onSuccess: onCreated,
    onError: (error) => {
      setFailure(messageOf(error, MESSAGES.createEnquiryFailed));
      toast.error(MESSAGES.createEnquiryFailedShort);
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const body = enquiryBody(form);
    const parsed = enquiryCreateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    create.mutate(body);
  };

  const dirty = (Object.keys(EMPTY) as (keyof Form)[]).some((k) => form[k] !== EMPTY[k]);
  return (
    <Dialog title="Create Enquiry" onClose={onClose} dirty={dirty} size="lg">
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure && <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Name"
            required
            value={form.name}
            onChange={(e) => set('name')(e.target.value)}
            error={errors.name}
            autoComplete="off"
          />
          <Field
            label="Phone number"
            required
            type="tel"
            placeholder="e.g. 024 123 4567"
            value={form.phone}
            onChange={(e) => set('phone')(e.target.value)}
            error={errors.phoneNumber}
            autoComplete="off"
          />
          <Field
            label="E-mail (optional)"
            type="email"
            value={form.email}
            onChange={(e) => set('email')(e.target.value)}
            error={errors.email}
            autoComplete="off"
          />
          <Field
            label="WhatsApp number (optional)"
            type="tel"
            placeholder="e.g. 024 123 4567"
            value={form.whatsAppNumber}
            onChange={(e) => set('whatsAppNumber')(e.target.value)}
            error={errors.whatsAppNumber}
            autoComplete="off"
          />
          <Field
            label="Location (optional)"
            value={form.location}
            onChange={(e) => set('location')(e.target.value)}
            error={errors.location}
            autoComplete="off"
          />
          <Field
            label="Budget (optional)"
            placeholder="e.g. GH₵ 3,000 a month"
            value={form.budget}
            onChange={(e) => set('budget')(e.target.value)}
            error={errors.budget}
            autoComplete="off"
          />
          <ChoiceField
            label="Property type"
            value={form.propertyType}
            onChange={set('propertyType')}
            options={ADMIN_ENQUIRY_PROPERTY_TYPES}
            none="None"
          />
          <ChoiceField
            label="Furnish status"
            value={form.furnishStatus}
            onChange={set('furnishStatus')}
            options={ENQUIRY_FURNISH_STATUSES}
          />
        </div>
        <div>
          <label htmlFor={commentsId} className="block text-sm font-semibold text-stone-800">
            Comments (optional)
          </label>
          <textarea
            id={commentsId}
            rows={3}
            maxLength={2000}
            className={inputClass}
            value={form.comments}
            onChange={(e) => set('comments')(e.target.value)}
          />
          {errors.comments && <p className="mt-1 text-sm text-red-700">{errors.comments}</p>}
        </div>
        <DialogActions
          onCancel={onClose}
          submitLabel="Create Enquiry"
          busy={create.isPending}
          busyLabel="Creating…"
        />
      </form>
    </Dialog>
  );
}
