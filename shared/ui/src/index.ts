export { InvoiceStatusBadge, VisaStatusBadge, invoiceStateLabel, visaStateLabel } from './status-badge';
export { EmptyState, type EmptyKind } from './empty-state';
export { PageLoader } from './page-loader';
export { RemoteBoundary, RemoteUnavailable } from './remote-boundary';
export { ROUTER_FUTURE } from './router-future';
export { formatAmount, formatDate, formatTime } from './format';
export { DetailRow, NotFoundState } from './detail';
export { LoadError } from './load-error';
export { DetailPage, type DetailPageTexts } from './detail-page';
export { announcedWith, announcementOf, PAGE_TITLE_ATTRIBUTE, pageTitleProps } from './page-title';
export { LatestList } from './latest-list';
export { RecordItem } from './record-item';
export {
  InvoiceLegend,
  StatusLegend,
  VisaLegend,
  type InvoiceLegendTexts,
  type LegendEntry,
  type VisaLegendTexts,
} from './status-legend';
export { saveFile } from './save-file';
export { ActionButton, type ButtonMutation } from './action-button';
export { ChevronIcon } from './chevron-icon';
export { DeleteWithConfirmation, type DeleteWithConfirmationProps } from './delete-with-confirmation';
export { FOLLOWS_NOTIFICATIONS, refreshAfterNotification } from './follows-notifications';
export { useShownPages, type PagedQuery } from './shown-pages';
export { ShowMoreButton, type ShowMoreButtonProps, type ShowMoreQuery } from './show-more-button';
