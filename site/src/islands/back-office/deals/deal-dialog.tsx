// "Add New Deal" / "Edit Deal", the Deals screen's dialog: loaded when opened (React.lazy).
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  accraToday,
  dealInputSchema,
  MESSAGES,
  NO_AGENT_INVOLVED,
  type Deal,
  type DealInput,
  type DealInputRaw,
  type DealUpdate,
} from '@fie/domain';
import { messageOf } from '../../../lib/api-call';
import { ErrorBanner, Field } from '../../shared/form-field';
import { Dialog, DialogActions, TextAreaField } from '../kit';
import { dealsApi } from './deals-api';

type FormValues = DealInputRaw;

/** The form's starting values: a new deal's defaults (deal date today, in Accra) or the deal's own. */
export function dealFormValues(deal: Deal | null, now: Date = new Date()): FormValues {
  // The three agent fields are blank for "no agent": the placeholder says so and the schema stores it.
  const agent = (value: string | null | undefined) => (value && value !== NO_AGENT_INVOLVED ? value : '');
  return {
    closerName: deal?.closerName ?? '',
    dealDate: deal?.dealDate ?? accraToday(now),
    commission: deal?.commission ?? '',
    nameOfAgentInvolved: agent(deal?.nameOfAgentInvolved),
    commissionToAgent: agent(deal?.commissionToAgent),
    agentContact: agent(deal?.agentContact),
    tenantName: deal?.tenantName ?? '',
    tenantContact: deal?.tenantContact ?? '',
    tenancyStartDate: deal?.tenancyStartDate ?? '',
    tenancyEndDate: deal?.tenancyEndDate ?? '',
    comments: deal?.comments ?? '',
  };
}

/** Of a valid form, only the fields the person changed (an edit sends only those). */
export function changedFields(
  input: DealInput,
  dirty: Partial<Record<keyof FormValues, unknown>>,
): DealUpdate {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(dirty) as (keyof DealInput)[])
    if (dirty[key as keyof FormValues] && key in input) out[key] = input[key];
  // The tenancy order is checked on the server against the stored dates; send both so it sees the pair.
  if ('tenancyStartDate' in out || 'tenancyEndDate' in out) {
    out.tenancyStartDate = input.tenancyStartDate;
    out.tenancyEndDate = input.tenancyEndDate;
  }
  return out as DealUpdate;
}

export default function DealDialog({
  deal,
  onClose,
  onSaved,
}: {
  deal: Deal | null;
  onClose: () => void;
  onSaved: (deal: Deal, created: boolean) => void;
}) {
  const editing = deal !== null;
  const { register, handleSubmit, formState } = useForm<FormValues, unknown, DealInput>({
    resolver: zodResolver(dealInputSchema),
    defaultValues: dealFormValues(deal),
  });
  const [error, setError] = useState<string | null>(null);
  const fallback = editing ? MESSAGES.updateDealFailedShort : MESSAGES.createDealFailed;
  const save = useMutation({
    mutationFn: (input: DealInput) =>
      editing
        ? dealsApi.update(deal._id, changedFields(input, formState.dirtyFields))
        : dealsApi.create(input),
    onSuccess: (saved) => onSaved(saved, !editing),
    onError: (cause) => {
      setError(messageOf(cause, fallback));
      toast.error(fallback);
    },
  });
  const errorOf = (name: FieldPath<FormValues>) => formState.errors[name as keyof FormValues]?.message;
  const submit = handleSubmit((input) => {
    setError(null);
    if (editing && Object.keys(formState.dirtyFields).length === 0) return onClose();
    save.mutate(input);
  });

  return (
    <Dialog
      title={editing ? 'Edit Deal' : 'Add New Deal'}
      onClose={onClose}
      dirty={formState.isDirty && !save.isSuccess}
      size="lg"
    >
      <form noValidate onSubmit={submit}>
        {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-stone-600">Deal</legend>
          <Field
            label="Closer name"
            autoComplete="off"
            {...register('closerName')}
            error={errorOf('closerName')}
            required
          />
          <Field
            label="Deal date"
            type="date"
            {...register('dealDate')}
            error={errorOf('dealDate')}
            required
          />
          <Field
            label="Commission"
            placeholder="e.g. GH₵ 1,500"
            autoComplete="off"
            {...register('commission')}
            error={errorOf('commission')}
            required
          />
        </fieldset>
        <fieldset className="mt-6 grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-stone-600">
            Tenant
          </legend>
          <Field
            label="Tenant name"
            autoComplete="off"
            {...register('tenantName')}
            error={errorOf('tenantName')}
            required
          />
          <Field
            label="Tenant contact"
            type="tel"
            placeholder="024 123 4567"
            autoComplete="off"
            {...register('tenantContact')}
            error={errorOf('tenantContact')}
            required
          />
          <Field
            label="Tenancy start date"
            type="date"
            {...register('tenancyStartDate')}
            error={errorOf('tenancyStartDate')}
            required
          />
          <Field
            label="Tenancy end date"
            type="date"
            {...register('tenancyEndDate')}
            error={errorOf('tenancyEndDate')}
            required
          />
        </fieldset>
        <fieldset className="mt-6 grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-stone-600">
            Agent (optional)
          </legend>
          <Field
            label="Agent name"
            placeholder={NO_AGENT_INVOLVED}
            autoComplete="off"
            {...register('nameOfAgentInvolved')}
            error={errorOf('nameOfAgentInvolved')}
          />
          <Field
            label="Commission to agent"
            placeholder={NO_AGENT_INVOLVED}
            autoComplete="off"
            {...register('commissionToAgent')}
            error={errorOf('commissionToAgent')}
          />
          <Field
            label="Agent contact"
            placeholder={NO_AGENT_INVOLVED}
            autoComplete="off"
            {...register('agentContact')}
            error={errorOf('agentContact')}
          />
        </fieldset>
        <div className="mt-6">
          <TextAreaField label="Comments (optional)" {...register('comments')} error={errorOf('comments')} />
        </div>
        <DialogActions
          onCancel={onClose}
          submitLabel={editing ? 'Save Changes' : 'Add Deal'}
          busy={save.isPending}
        />
      </form>
    </Dialog>
  );
}
