// In Edit Property: the other listings that show one of this listing's photos, as a staff member's
// GET /api/products/:id answers them (the staff list's rows do not carry them).
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { duplicatePhotosField, duplicatePhotosTotalFields } from '@fie/domain';
import { callApi } from '../../../lib/api-call';
import { DuplicatePhotos } from '../approvals/duplicate-photos';

const answerSchema = z.object({ duplicatePhotos: duplicatePhotosField, ...duplicatePhotosTotalFields });

export function CopiedPhotos({ id }: { id: string }) {
  const found = useQuery({
    queryKey: ['staff', 'property', id, 'duplicate-photos'],
    queryFn: () => callApi(`/api/products/${encodeURIComponent(id)}`, { method: 'GET' }, answerSchema, true),
  });
  const list = found.data?.duplicatePhotos;
  if (!list?.length) return null;
  return (
    <div className="mb-4" data-testid="listing-copied-photos">
      <p className="text-sm font-semibold text-stone-800">Photos also on other listings</p>
      <DuplicatePhotos
        list={list}
        total={found.data?.duplicatePhotosTotal}
        relation={found.data?.duplicatePhotosTotalRelation}
      />
    </div>
  );
}
