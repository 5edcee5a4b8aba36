import { useCallback, useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  AMENITIES,
  CITIES,
  CURRENCIES,
  CURRENCY_SYMBOLS,
  FURNISH_STATUSES,
  LEASE_TYPES,
  MESSAGES,
  PROPERTY_STATES,
  PROPERTY_TYPES,
  staffPropertySchema,
  type StaffProperty,
} from '@fie/domain';
import { callApi, messageOf } from '../../../lib/api-call';
import { ErrorBanner, Field, inputClass } from '../../shared/form-field';
import { Dialog, DialogActions, SelectField, textOptions } from '../kit';
import { CopiedPhotos } from './copied-photos';
import { ImageList } from './image-list';
import { PinPicker } from './pin-picker';
import {
  changedBody,
  emptyPropertyForm,
  propertyBody,
  propertyFormErrors,
  propertyToForm,
  type PropertyFormValues,
} from './property-form';

export interface PropertyDialogProps {
  /** The property to edit; absent to create one. */
  property?: StaffProperty;
  onClose: () => void;
  onSaved: (kind: 'created' | 'updated', property: StaffProperty) => void;
}

// The shared domain schema decides, field by field (the cms applies the same one).
const resolver: Resolver<PropertyFormValues> = async (values) => {
  const errors = propertyFormErrors(values);
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(
      Object.entries(errors).map(([field, message]) => [field, { type: 'validate', message }]),
    ),
  };
};

/** Add New Property / Edit Property, loaded when first opened. */
export default function PropertyDialog({ property, onClose, onSaved }: PropertyDialogProps) {
  const editing = Boolean(property);
  const [initial] = useState(() => (property ? propertyToForm(property) : emptyPropertyForm()));
  const { register, handleSubmit, formState, setValue, control } = useForm<PropertyFormValues>({
    defaultValues: initial,
    resolver,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const images = useWatch({ control, name: 'images' });
  // The move-in terms belong to Rent listings: shown, and the advance required, only for Rent.
  const leaseType = useWatch({ control, name: 'leaseType' });
  const [latitude, longitude, city] = useWatch({ control, name: ['latitude', 'longitude', 'city'] });
  const [pinOpen, setPinOpen] = useState(false);
  const e = formState.errors;
  const descriptionId = useId();

  const setImages = useCallback(
    (next: string[]) =>
      setValue('images', next, { shouldDirty: true, shouldValidate: formState.isSubmitted }),
    [setValue, formState.isSubmitted],
  );

  async function save(values: PropertyFormValues) {
    if (uploading) {
      setProblem('Please wait until the images have finished uploading.');
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      if (property) {
        const changes = changedBody(initial, values);
        const saved =
          Object.keys(changes).length === 0
            ? property
            : await callApi(
                `/api/products/${property._id}`,
                { method: 'PUT', body: JSON.stringify(changes) },
                staffPropertySchema,
                true,
              );
        onSaved('updated', saved);
      } else {
        const saved = await callApi(
          '/api/products',
          { method: 'POST', body: JSON.stringify(propertyBody(values)) },
          staffPropertySchema,
          true,
        );
        onSaved('created', saved);
      }
    } catch (cause) {
      const fallback = editing ? MESSAGES.updatePropertyFailed : MESSAGES.createPropertyFailed;
      setProblem(messageOf(cause, fallback));
      if (!editing) toast.error(MESSAGES.createPropertyFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      title={editing ? 'Edit Property' : 'Add New Property'}
      onClose={onClose}
      dirty={formState.isDirty}
      size="lg"
    >
      <form onSubmit={handleSubmit(save)} noValidate>
        {problem && <ErrorBanner message={problem} onDismiss={() => setProblem(null)} />}
        <p className="mb-4 text-sm text-stone-600">Fields marked * are required.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Location *"
            autoComplete="off"
            error={e.location?.message}
            {...register('location')}
          />
          <Field
            label="Nearest landmark *"
            autoComplete="off"
            error={e.nearestLandmark?.message}
            {...register('nearestLandmark')}
          />
          <SelectField label="Property type *" error={e.propertyType?.message} {...register('propertyType')}>
            <option value="">Select property type</option>
            {textOptions(PROPERTY_TYPES)}
          </SelectField>
          <SelectField label="Lease type *" error={e.leaseType?.message} {...register('leaseType')}>
            <option value="">Select lease type</option>
            {textOptions(LEASE_TYPES)}
          </SelectField>
          <Field
            label="Price *"
            inputMode="decimal"
            autoComplete="off"
            placeholder="1200"
            error={e.price?.message}
            {...register('price')}
          />
          <SelectField label="Currency" {...register('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c} ({CURRENCY_SYMBOLS[c]})
              </option>
            ))}
          </SelectField>
        </div>
        {leaseType === 'Rent' && (
          <fieldset className="mt-4">
            <legend className="block text-sm font-semibold text-stone-800">Move-in cost</legend>
            <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-3">
              <Field
                label="Advance (months) *"
                type="number"
                min={0}
                max={24}
                step={1}
                inputMode="numeric"
                placeholder="12"
                error={e.advanceMonths?.message}
                {...register('advanceMonths')}
              />
              <Field
                label="Agency fee (% of the advance)"
                inputMode="decimal"
                autoComplete="off"
                placeholder="10"
                error={e.agencyFeePercent?.message}
                {...register('agencyFeePercent')}
              />
              <Field
                label="Registration fee (GH₵, non-refundable)"
                inputMode="decimal"
                autoComplete="off"
                placeholder="500"
                error={e.registrationFee?.message}
                {...register('registrationFee')}
              />
            </div>
          </fieldset>
        )}
        <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Field
            label="Bedrooms"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            error={e.numberOfBedrooms?.message}
            {...register('numberOfBedrooms')}
          />
          <Field
            label="Bathrooms"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            error={e.numberOfBathrooms?.message}
            {...register('numberOfBathrooms')}
          />
          <Field
            label="Washrooms"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            error={e.numberOfWashrooms?.message}
            {...register('numberOfWashrooms')}
          />
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <SelectField label="Furnish status" error={e.furnishStatus?.message} {...register('furnishStatus')}>
            {textOptions(FURNISH_STATUSES)}
          </SelectField>
          <SelectField label="Property state" error={e.propertyState?.message} {...register('propertyState')}>
            {textOptions(PROPERTY_STATES)}
          </SelectField>
          <SelectField label="City" error={e.city?.message} {...register('city')}>
            <option value="">No city</option>
            {CITIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <Field
            label="Ghana Post GPS address (optional)"
            autoComplete="off"
            placeholder="GA-183-8164"
            error={e.digitalAddress?.message}
            {...register('digitalAddress')}
          />
        </div>
        <fieldset className="mt-4">
          <legend className="block text-sm font-semibold text-stone-800">Map point (optional)</legend>
          <p className="mt-1 text-sm text-stone-700">
            Decimal degrees, both or neither. The public site shows the area to about 100 m; staff and clients
            with a booked viewing see the exact point.
          </p>
          <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field
              label="Latitude"
              inputMode="decimal"
              autoComplete="off"
              placeholder="5.6355"
              error={e.latitude?.message}
              {...register('latitude')}
            />
            <Field
              label="Longitude"
              inputMode="decimal"
              autoComplete="off"
              placeholder="-0.1612"
              error={e.longitude?.message}
              {...register('longitude')}
            />
          </div>
          <button
            type="button"
            className="mt-3 inline-flex h-11 items-center rounded-md border border-stone-300 bg-white px-4 font-semibold text-stone-800 hover:bg-stone-50"
            aria-expanded={pinOpen}
            onClick={() => setPinOpen((open) => !open)}
          >
            {pinOpen ? 'Hide the map' : 'Pick on the map'}
          </button>
          {pinOpen && (
            <PinPicker
              latitude={String(latitude ?? '')}
              longitude={String(longitude ?? '')}
              city={city}
              onPick={(lat, lon) => {
                const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
                setValue('latitude', String(lat), options);
                setValue('longitude', String(lon), options);
              }}
            />
          )}
        </fieldset>
        <div className="mt-4 flex items-center gap-2">
          <input
            id={`${descriptionId}-available`}
            type="checkbox"
            className="h-5 w-5 accent-brand-600"
            {...register('available')}
          />
          <label htmlFor={`${descriptionId}-available`} className="font-semibold text-stone-800">
            Available
          </label>
        </div>
        <fieldset className="mt-4">
          <legend className="block text-sm font-semibold text-stone-800">Amenities</legend>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {AMENITIES.map((a) => (
              <label key={a} className="flex items-center gap-2 text-sm text-stone-800">
                <input
                  type="checkbox"
                  value={a}
                  className="h-4 w-4 accent-brand-600"
                  {...register('amenities')}
                />
                {a}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4">
          <label htmlFor={descriptionId} className="block text-sm font-semibold text-stone-800">
            Description (optional)
          </label>
          <textarea
            id={descriptionId}
            rows={3}
            className={inputClass}
            aria-invalid={e.description ? true : undefined}
            {...register('description')}
          />
          {e.description && <p className="mt-1 text-sm text-red-700">{e.description.message}</p>}
        </div>
        <div className="mt-4">
          {property && <CopiedPhotos id={property._id} />}
          <ImageList
            images={images}
            onChange={setImages}
            error={e.images?.message}
            onBusyChange={setUploading}
            onProblem={setProblem}
          />
        </div>
        <DialogActions
          submitLabel={editing ? 'Save Changes' : 'Create Property'}
          busy={saving || uploading}
          busyLabel={uploading ? 'Uploading…' : 'Saving…'}
        />
      </form>
    </Dialog>
  );
}
