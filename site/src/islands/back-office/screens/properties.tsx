import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, messageResponseSchema, staffPropertyListSchema, type StaffProperty } from '@fie/domain';
import { callApi, messageOf } from '../../../lib/api-call';
import { ErrorBanner } from '../../shared/form-field';
import { StaffShell, type StaffScreenProps } from '../staff-shell';
import {
  Banners,
  ConfirmDialog,
  EmptyState,
  ListFooter,
  ListToolbar,
  SearchBox,
  smallPrimaryButton,
  panelClass,
  useBanners,
  useStaffList,
} from '../kit';
import { PropertyRows } from '../properties/property-rows';
import { useConfirmAvailability } from '../availability/availability-api';

// Loaded when first opened, so the list's first load stays small.
const PropertyDialog = lazy(() => import('../properties/property-dialog'));

export const PROPERTIES_KEY = ['staff', 'properties'] as const;

/** All Properties: every listing, whatever its approval, newest first. */
export default function PropertiesScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <Properties />
    </StaffShell>
  );
}

function Properties() {
  const queryClient = useQueryClient();
  const list = useStaffList({
    key: PROPERTIES_KEY,
    path: '/api/products',
    schema: staffPropertyListSchema,
    filters: { approval: 'all' },
  });
  const banners = useBanners();
  const [editing, setEditing] = useState<StaffProperty | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StaffProperty | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadErrorDismissed, setLoadErrorDismissed] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PROPERTIES_KEY });
  const availability = useConfirmAvailability();

  function saved(kind: 'created' | 'updated') {
    setEditing(null);
    if (kind === 'created') {
      banners.succeed(MESSAGES.propertyCreated, { toastText: MESSAGES.propertyCreatedToast });
      list.setPage(1); // newest first: the new property is at the top of page 1
    } else banners.succeed(MESSAGES.propertyUpdated);
    void refresh();
  }

  async function remove(property: StaffProperty) {
    setBusy(true);
    try {
      // The server says which happened: deleted, or (an admin's delete of an approved listing) waiting for a superadmin.
      const { message } = await callApi(
        `/api/products/${property._id}`,
        { method: 'DELETE' },
        messageResponseSchema,
        true,
      );
      banners.succeed(message || MESSAGES.propertyDeleted);
    } catch (cause) {
      banners.fail(cause, MESSAGES.deletePropertyFailed);
    } finally {
      setBusy(false);
      setDeleting(null);
      void refresh();
    }
  }

  const { query, items } = list;
  return (
    <div>
      <ListToolbar
        heading="Properties"
        action={
          <button type="button" className={smallPrimaryButton} onClick={() => setEditing('new')}>
            Add New Property
          </button>
        }
      >
        <SearchBox
          value={list.search}
          onChange={list.setSearch}
          placeholder="Search properties..."
          label="Search properties by location, type or price"
        />
      </ListToolbar>
      <Banners state={banners} />
      {query.isError && !loadErrorDismissed && (
        <ErrorBanner
          message={messageOf(query.error, MESSAGES.loadPropertiesFailed)}
          onDismiss={() => setLoadErrorDismissed(true)}
        />
      )}
      <div className={panelClass} aria-busy={list.searching || undefined}>
        {query.isPending ? (
          <p className="px-6 py-12 text-center text-stone-700" role="status">
            Loading properties…
          </p>
        ) : items.length === 0 ? (
          <EmptyState title={MESSAGES.noPropertiesFound}>
            {list.narrowed ? 'No property matches your search.' : 'Add a property to get started.'}
          </EmptyState>
        ) : (
          <PropertyRows
            items={items}
            onEdit={setEditing}
            onDelete={setDeleting}
            onConfirm={(p) => void availability.confirm(p._id)}
            confirming={availability.confirming}
          />
        )}
        {items.length > 0 && (
          <ListFooter
            page={list.page}
            pageSize={list.pageSize}
            total={list.total}
            noun={['property', 'properties']}
            onPage={list.setPage}
            onPageSize={list.setPageSize}
          />
        )}
      </div>
      {editing && (
        <Suspense fallback={null}>
          <PropertyDialog
            property={editing === 'new' ? undefined : editing}
            onClose={() => setEditing(null)}
            onSaved={saved}
          />
        </Suspense>
      )}
      {deleting && (
        <ConfirmDialog
          title={MESSAGES.deletePropertyTitle}
          message={MESSAGES.deletePropertyConfirm}
          confirmLabel="Delete"
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
