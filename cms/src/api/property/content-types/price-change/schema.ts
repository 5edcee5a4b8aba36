import { CURRENCIES } from '@fie/domain';

const money = { type: 'decimal', columnType: { type: 'decimal', args: [14, 2] } } as const;

// One price a property was given: its first price when it was created, then every change of amount or
// currency, whatever wrote it (the API, the approval queue, the panel). Written only by the property's
// price-history middleware; the panel does not show the type, so nobody edits history there.
export default {
  kind: 'collectionType',
  collectionName: 'price_changes',
  info: {
    singularName: 'price-change',
    pluralName: 'price-changes',
    displayName: 'Price change',
    description: "A property's price before and after a change, in its currency and in GH₵, when and by whom",
  },
  options: { draftAndPublish: false },
  pluginOptions: {
    'content-manager': { visible: false },
    'content-type-builder': { visible: false },
  },
  attributes: {
    // The property's document id (a plain column, like favourites'); its changes are deleted with it.
    propertyDocumentId: { type: 'string', required: true, maxLength: 64 },
    // Null on the first price.
    oldAmount: { ...money },
    oldCurrency: { type: 'enumeration', enum: [...CURRENCIES] },
    oldPriceGhs: { ...money },
    amount: { ...money, required: true },
    currency: { type: 'enumeration', enum: [...CURRENCIES], required: true },
    // The new price in GH₵ at the time (the property's priceGhs just after the change).
    priceGhs: { ...money, required: true },
    changedAt: { type: 'datetime', required: true },
    // A copy of who changed it (an API staff account or a panel user; empty for start-up code and the
    // seeder), readable after the account changes or is removed.
    changedById: { type: 'string', maxLength: 64 },
    changedByEmail: { type: 'string', maxLength: 254 },
    changedByRole: { type: 'string', maxLength: 32 },
  },
  // A property's newest changes first, and the reduction's window, read by this one index.
  indexes: [{ name: 'price_changes_property_idx', columns: ['property_document_id', 'changed_at'] }],
} as const;
