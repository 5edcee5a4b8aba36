import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { profileUpdateSchema, type Profile, type ProfileUpdate, type ProfileUpdateInput } from '@fie/domain';
import { updateSessionUser } from '../../lib/session/store';
import { accountApi, accountKeys, messageOf } from '../shared/account-api';
import { Field, primaryButton, secondaryButton } from '../shared/form-field';
import { useWords } from '../shared/island-words';
import type { AreaTexts } from '../../i18n/account';
import { phoneCheck } from '../shared/phone-check';
/** Edits full name, Ghana phone and location (PUT /api/profile). */
export function ProfileForm({ profile, onDone }: { profile: Profile; onDone?: () => void }) {
  const { t, say } = useWords<AreaTexts>();
  const client = useQueryClient();
  const { register, handleSubmit, formState, reset } = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver: async (values, context, options) => {
      await phoneCheck();
      return zodResolver(profileUpdateSchema)(values, context, options);
    },
    defaultValues: {
      fullName: profile.fullName ?? '',
      phone: profile.phone ?? '',
      location: profile.location ?? '',
    },
  });
  const save = useMutation({
    mutationFn: (changes: ProfileUpdate) => accountApi.updateProfile(changes as ProfileUpdateInput),
    onSuccess: (updated) => {
      client.setQueryData(accountKeys.profile, updated);
      updateSessionUser({ fullName: updated.fullName ?? undefined });
      reset({
        fullName: updated.fullName ?? '',
        phone: updated.phone ?? '',
        location: updated.location ?? '',
      });
      toast.success(t.profileUpdated);
      onDone?.();
    },
    onError: (error) => toast.error(messageOf(error, t.profileUpdateFailed)),
  });

  return (
    <form noValidate onSubmit={handleSubmit((changes) => save.mutate(changes))} className="space-y-4">
      <Field
        label={t.fullName}
        autoComplete="name"
        {...register('fullName')}
        error={formState.errors.fullName?.message && say(formState.errors.fullName.message)}
      />
      <Field
        label={t.phone}
        type="tel"
        autoComplete="tel"
        placeholder="024 123 4567"
        hint={t.phoneHint}
        {...register('phone')}
        error={formState.errors.phone?.message && say(formState.errors.phone.message)}
      />
      <Field
        label={t.location}
        autoComplete="address-level2"
        placeholder={t.locationExample}
        {...register('location')}
        error={formState.errors.location?.message && say(formState.errors.location.message)}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={save.isPending}>
          {save.isPending ? t.saving : t.saveChanges}
        </button>
        {onDone && (
          <button type="button" className={secondaryButton} onClick={onDone}>
            {t.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
