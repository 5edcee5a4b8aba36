import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { optionalEmailSchema, type SystemSettings } from '@fie/domain';
import { Field } from '../../shared/form-field';
import { LoadFailure, smallPrimaryButton, type BannerState } from '../kit';
import { LOAD_SETTINGS_FAILED, SAVE_SETTINGS_FAILED, settingsKeys, systemApi } from './settings-api';

const systemSchema = z.object({ systemEmail: optionalEmailSchema, maintenanceMode: z.boolean() });
type SystemInput = z.input<typeof systemSchema>;
type SystemOutput = z.output<typeof systemSchema>;

const formValues = (s: SystemSettings): SystemInput => ({
  systemEmail: s.systemEmail ?? '',
  maintenanceMode: s.maintenanceMode,
});

/** System Settings (superadmin): where staff notices go, and maintenance mode. */
export function SystemTab({ banners }: { banners: BannerState }) {
  const client = useQueryClient();
  const settings = useQuery({ queryKey: settingsKeys.system, queryFn: systemApi.get });
  const { register, handleSubmit, reset, formState } = useForm<SystemInput, unknown, SystemOutput>({
    resolver: zodResolver(systemSchema),
    defaultValues: { systemEmail: '', maintenanceMode: false },
  });
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
