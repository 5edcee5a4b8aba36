import { useEffect, type ComponentProps } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  AVAILABILITY_BOUNDS,
  AVAILABILITY_DEFAULTS,
  availabilityOrder,
  availabilityRuleFields,
  type AvailabilityRule,
  NO_SHOW_BOUNDS,
  NO_SHOW_DEFAULTS,
  noShowRuleSchema,
  noShowRuleText,
  optionalEmailSchema,
  type NoShowRule,
  SMS_BUDGET_WARN_PERCENT,
  SMS_DAILY_BUDGET_DEFAULT,
  SMS_DAILY_BUDGET_MAX,
  smsDailyBudgetSchema,
  THREAD_RETENTION_MONTHS_DEFAULT,
  THREAD_RETENTION_MONTHS_MAX,
  threadRetentionMonthsSchema,
  WORKING_HOURS_DEFAULTS,
  workingHoursFields,
  type SystemSettings,
} from '@fie/domain';
import { Field } from '../../shared/form-field';
import { LoadFailure, smallPrimaryButton, type BannerState } from '../kit';
import { LOAD_SETTINGS_FAILED, SAVE_SETTINGS_FAILED, settingsKeys, systemApi } from './settings-api';

const systemSchema = z
  .object({
    systemEmail: optionalEmailSchema,
    maintenanceMode: z.boolean(),
    smsDailyBudget: smsDailyBudgetSchema,
    threadRetentionMonths: threadRetentionMonthsSchema,
    ...workingHoursFields,
  })
  .extend(noShowRuleSchema.shape)
  .extend(availabilityRuleFields)
  .refine(...availabilityOrder);
const FRESHNESS_FIELDS = [
  'staleAfterDays',
  'hideAfterDays',
] as const satisfies readonly (keyof AvailabilityRule)[];
const RULE_FIELDS = [
  'noShowLimit',
  'noShowWindowDays',
  'noShowPauseDays',
] as const satisfies readonly (keyof NoShowRule)[];
type SystemInput = z.input<typeof systemSchema>;
type SystemOutput = z.output<typeof systemSchema>;

/** A whole-number setting with the bounds the server keeps (one label, min and max for both sides). */
function WholeNumberField({
  bounds,
  ...props
}: { bounds: { min: number; max: number; label: string } } & Omit<
  ComponentProps<typeof Field>,
  'label' | 'type' | 'inputMode' | 'min' | 'max' | 'step'
>) {
  return (
    <Field
      label={bounds.label}
      type="number"
      inputMode="numeric"
      min={bounds.min}
      max={bounds.max}
      step={1}
      {...props}
    />
  );
}

const formValues = (s: SystemSettings): SystemInput => ({
  systemEmail: s.systemEmail ?? '',
  maintenanceMode: s.maintenanceMode,
  noShowLimit: s.noShowLimit ?? NO_SHOW_DEFAULTS.noShowLimit,
  noShowWindowDays: s.noShowWindowDays ?? NO_SHOW_DEFAULTS.noShowWindowDays,
  noShowPauseDays: s.noShowPauseDays ?? NO_SHOW_DEFAULTS.noShowPauseDays,
  staleAfterDays: s.staleAfterDays ?? AVAILABILITY_DEFAULTS.staleAfterDays,
  hideAfterDays: s.hideAfterDays ?? AVAILABILITY_DEFAULTS.hideAfterDays,
  smsDailyBudget: s.smsDailyBudget ?? SMS_DAILY_BUDGET_DEFAULT,
  threadRetentionMonths: s.threadRetentionMonths ?? THREAD_RETENTION_MONTHS_DEFAULT,
  workingHoursStart: s.workingHoursStart ?? WORKING_HOURS_DEFAULTS.start,
  workingHoursEnd: s.workingHoursEnd ?? WORKING_HOURS_DEFAULTS.end,
  workingDays: s.workingDays ?? WORKING_HOURS_DEFAULTS.days,
});

/**
 * System Settings (superadmin): where staff notices go, maintenance mode, the no-show rule's numbers,
 * the fresh-listing days and the day's budget of texts.
 */
export function SystemTab({ banners }: { banners: BannerState }) {
  const client = useQueryClient();
  const settings = useQuery({ queryKey: settingsKeys.system, queryFn: systemApi.get });
  const { register, handleSubmit, reset, formState, control } = useForm<SystemInput, unknown, SystemOutput>({
    resolver: zodResolver(systemSchema),
    defaultValues: { systemEmail: '', maintenanceMode: false },
  });
  // The rule in words as typed, so the superadmin reads what the terms will say.
  const [noShowLimit, noShowWindowDays, noShowPauseDays] = useWatch({ control, name: RULE_FIELDS });
  const rule = noShowRuleSchema.safeParse({ noShowLimit, noShowWindowDays, noShowPauseDays });
  useEffect(() => {
    if (settings.data) reset(formValues(settings.data));
  }, [settings.data, reset]);
  const save = useMutation({
    mutationFn: systemApi.save,
    onSuccess: (answer) => {
      client.setQueryData(settingsKeys.system, answer.settings);
      reset(formValues(answer.settings));
      banners.succeed(answer.message);
      void client.invalidateQueries({ queryKey: ['staff', 'audit'] });
    },
    onError: (error) => banners.fail(error, SAVE_SETTINGS_FAILED),
  });

  if (settings.isPending)
    return (
      <p role="status" className="text-stone-600">
        Loading system settings…
      </p>
    );
  if (settings.isError) return <LoadFailure error={settings.error} fallback={LOAD_SETTINGS_FAILED} />;
  return (
    <form noValidate onSubmit={handleSubmit((input) => save.mutate(input))} className="max-w-xl space-y-4">
      <h2 className="text-lg font-semibold text-ink">System Settings</h2>
      <Field
        label="System email"
        type="email"
        autoComplete="off"
        placeholder="notices@example.com"
        hint="Receives the staff notices (new viewings). Leave empty to send them only to staff who have e-mail notifications on."
        {...register('systemEmail')}
        error={formState.errors.systemEmail?.message}
      />
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 p-3 hover:bg-stone-50">
        <input
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
          {...register('maintenanceMode')}
        />
        <span>
          <span className="block font-semibold text-ink">Maintenance mode</span>
          <span className="block text-sm text-stone-700">
            While on, every public page shows a maintenance notice and sign-up, bookings and enquiries are
            paused. Browsing and staff work go on.
          </span>
        </span>
      </label>
      <fieldset className="rounded-lg border border-stone-200 p-3">
        <legend className="px-1 font-semibold text-ink">Missed viewings</legend>
        <p className="text-sm text-stone-700">
          When staff record that a client did not attend, repeated misses pause the client&apos;s booking. The
          terms page states these numbers.
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          {RULE_FIELDS.map((key) => (
            <WholeNumberField
              key={key}
              bounds={NO_SHOW_BOUNDS[key]}
              error={formState.errors[key]?.message}
              {...register(key, { valueAsNumber: true })}
            />
          ))}
        </div>
        {rule.success && (
          <p className="mt-3 text-sm text-stone-700" data-testid="no-show-rule">
            The terms say: &ldquo;{noShowRuleText(rule.data)}.&rdquo;
          </p>
        )}
      </fieldset>
      <fieldset className="rounded-lg border border-stone-200 p-3">
        <legend className="px-1 font-semibold text-ink">Fresh listings</legend>
        <p className="text-sm text-stone-700">
          A listing nobody has confirmed as still available reads &ldquo;May no longer be available&rdquo;
          after the first number of days, and leaves the public listing, searches, alerts and the sitemap
          after the second, until staff confirm it.
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {FRESHNESS_FIELDS.map((key) => (
            <WholeNumberField
              key={key}
              bounds={AVAILABILITY_BOUNDS[key]}
              error={formState.errors[key]?.message}
              {...register(key, { valueAsNumber: true })}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="rounded-lg border border-stone-200 p-3">
        <legend className="px-1 font-semibold text-ink">Texts (SMS)</legend>
        <WholeNumberField
          bounds={{ min: 0, max: SMS_DAILY_BUDGET_MAX, label: 'Texts a day' }}
          hint={`Each text costs money. At ${SMS_BUDGET_WARN_PERCENT} % of this number staff with system alerts on are e-mailed; once today's texts reach it, sign-in and sign-up codes stop going by text (codes by e-mail still work) while viewing texts still go.`}
          error={formState.errors.smsDailyBudget?.message}
          {...register('smsDailyBudget', { valueAsNumber: true })}
        />
      </fieldset>
      <fieldset className="rounded-lg border border-stone-200 p-3">
        <legend className="px-1 font-semibold text-ink">Conversations</legend>
        <WholeNumberField
          bounds={{ min: 1, max: THREAD_RETENTION_MONTHS_MAX, label: 'Months kept' }}
          hint="The messages of a closed enquiry or a finished viewing are deleted this many months after the last one."
          error={formState.errors.threadRetentionMonths?.message}
          {...register('threadRetentionMonths', { valueAsNumber: true })}
        />
        <p className="mt-3 text-sm text-stone-700">
          Working hours (Accra), which reply times count: a message sent in the evening and answered the next
          morning waited only the office's time.
        </p>
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          <WholeNumberField
            bounds={{ min: 0, max: 23, label: 'Opens at (hour)' }}
            error={formState.errors.workingHoursStart?.message}
            {...register('workingHoursStart', { valueAsNumber: true })}
          />
          <WholeNumberField
            bounds={{ min: 1, max: 24, label: 'Closes at (hour)' }}
            error={formState.errors.workingHoursEnd?.message}
            {...register('workingHoursEnd', { valueAsNumber: true })}
          />
          <label className="block text-sm font-semibold text-stone-800">
            Working days
            <select
              className="mt-1 block h-11 w-full rounded-lg border border-stone-300 px-2 text-base font-normal"
              {...register('workingDays')}
            >
              <option value="mon-fri">Monday to Friday</option>
              <option value="mon-sat">Monday to Saturday</option>
              <option value="every-day">Every day</option>
            </select>
          </label>
        </div>
      </fieldset>
      <button
        type="submit"
        className={smallPrimaryButton}
        disabled={save.isPending}
        aria-busy={save.isPending || undefined}
      >
        {save.isPending ? 'Saving…' : 'Save Changes'}
      </button>
    </form>
  );
}
