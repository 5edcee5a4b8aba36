import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { profileUpdateSchema, type Profile, type ProfileUpdate, type ProfileUpdateInput } from '@fie/domain';
import { updateSessionUser } from '../../lib/session/store';
import { accountApi, accountKeys, messageOf } from '../shared/account-api';
import { Field, primaryButton, secondaryButton } from '../shared/form-field';

/** What a profile save says when the cms gave no message of its own. */
export const PROFILE_UPDATE_FAILED = 'Failed to update profile. Please try again.';

/** Edits full name, Ghana phone and location (PUT /api/profile). */
export function ProfileForm({ profile, onDone }: { profile: Profile; onDone?: () => void }) {
  const client = useQueryClient();
  const { register, handleSubmit, formState, reset } = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
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
      toast.success('Profile updated successfully');
      onDone?.();
    },
    onError: (error) => toast.error(messageOf(error, PROFILE_UPDATE_FAILED)),
  });

  return (
    <form noValidate onSubmit={handleSubmit((changes) => save.mutate(changes))} className="space-y-4">
      <Field
        label="Full name"
        autoComplete="name"
        {...register('fullName')}
        error={formState.errors.fullName?.message}
      />
      <Field
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="024 123 4567"
        hint="A Ghana number: +233 or 0 followed by 9 digits. Leave empty to remove it."
        {...register('phone')}
        error={formState.errors.phone?.message}
      />
      <Field
        label="Location"
        autoComplete="address-level2"
        placeholder="e.g. East Legon, Accra"
        {...register('location')}
        error={formState.errors.location?.message}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save changes'}
        </button>
        {onDone && (
          <button type="button" className={secondaryButton} onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
