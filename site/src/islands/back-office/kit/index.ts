// The back-office screens' shared pieces: server-paged lists, their controls, dialogs and banners.
export { useStaffList, useDebounced, listQuery, type StaffList } from './staff-list';
export { SearchBox, FilterSelect, ListFooter, EmptyState } from './list-controls';
export { Dialog, DialogActions, ConfirmDialog } from './dialog';
export { useBanners, Banners, SuccessBanner, type BannerState } from './banners';
export { ListToolbar } from './toolbar';
export { LoadFailure } from './load-failure';
export { StaffListPanel, FixedPageList, Searching, type EmptyText } from './list-panel';
export { StaffTable, type StaffColumn } from './staff-table';
export { SelectField, TextAreaField, textOptions } from './fields';
export { useFocusTrap, FOCUSABLE } from './focus-trap';
export * from './styles';
