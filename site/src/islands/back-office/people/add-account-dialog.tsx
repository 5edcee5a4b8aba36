import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { addAdminSchema, MESSAGES, type AddAdmin, type AddAdminInput } from '@fie/domain';
import { ErrorBanner, Field } from '../../shared/form-field';
import { messageOf } from '../../../lib/api-call';
import { Dialog, DialogActions } from '../kit';
import { peopleApi, type AccountAnswer } from './api';
import { SUPER_ADMIN_WARNING } from './people-view';

/**
 * "Add New User" (a seeker) or "Add New Admin" (Admin or Super Admin, with the warning): e-mail and
 * password checked by the shared addAdminSchema and its messages, sent to POST /api/add-admin. A
 * refusal stays in the dialog with everything typed; loaded only when opened.
 */
export default function AddAccountDialog({
  kind,
  onClose,
  onAdded,
}: {
  kind: 'user' | 'admin';
  onClose: () => void;
  onAdded: (answer: AccountAnswer) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, control, formState } = useForm<AddAdminInput, unknown, AddAdmin>({
    resolver: zodResolver(addAdminSchema),
    defaultValues: { email: '', password: '', role: kind === 'user' ? 'user' : 'admin' },
  });
  const role = useWatch({ control, name: 'role' });
  const submit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      onAdded(await peopleApi.add(input));
    } catch (error) {
      setFailure(messageOf(error, kind === 'user' ? MESSAGES.addUserFailed : MESSAGES.addAdminFailed));
    }
  });
  const title = kind === 'user' ? 'Add New User' : 'Add New Admin';
  return (
    <Dialog
      title={title}
      onClose={onClose}
      dirty={formState.isDirty && !formState.isSubmitSuccessful}
      size="sm"
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {failure && <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />}
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          {...register('email')}
          error={formState.errors.email?.message}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          revealable
          hint="At least 8 characters."
          {...register('password')}
          error={formState.errors.password?.message}
        />
        {kind === 'admin' && (
          <fieldset>
            <legend className="block text-sm font-semibold text-stone-800">Role</legend>
            <div className="mt-2 flex flex-wrap gap-3">
              {(
                [
                  ['admin', 'Admin'],
                  ['superadmin', 'Super Admin'],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    value={value}
                    className="h-4 w-4 accent-brand-600"
                    {...register('role')}
                  />
                  <span className="font-semibold text-ink">{label}</span>
                </label>
              ))}
            </div>
            <p
              role="note"
              className={`mt-3 rounded-lg border p-3 text-sm ${role === 'superadmin' ? 'border-amber-400 bg-amber-50 text-amber-950' : 'border-stone-200 bg-stone-50 text-stone-800'}`}
            >
              <strong>Warning:</strong> {SUPER_ADMIN_WARNING}
            </p>
          </fieldset>
        )}
        <DialogActions
          onCancel={onClose}
          submitLabel={kind === 'user' ? 'Add User' : 'Add Admin'}
          busy={formState.isSubmitting}
          busyLabel="Adding…"
        />
      </form>
    </Dialog>
  );
}
