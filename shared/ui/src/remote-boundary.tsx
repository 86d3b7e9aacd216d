import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from './page-loader';

/** A circular arrow: the one icon of the frame's retry, drawn here so that it needs no sprite of the design system. */
const RETRY_ICON = (
  <svg className="icon icon-sm icon-white" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M12 4a8 8 0 1 0 7.75 10h-2.1A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35A7.96 7.96 0 0 0 12 4Z" />
  </svg>
);

/**
 * The translated "this section is unavailable" notice, with a retry. Used by the boundary and the stand-in module;
 * `page` when it takes the place of a whole page rather than of a widget; `frame` when it stands in a small place of
 * the page's frame (the header), where it is a small retry button named by the notice, which keeps the header's size.
 */
export function RemoteUnavailable({
  remote,
  onRetry,
  page = false,
  frame = false,
}: {
  remote: string;
  onRetry?: () => void;
  page?: boolean;
  frame?: boolean;
}) {
  const { t } = useTranslation('common');
  const retry = onRetry ?? (() => window.location.reload());
  if (frame)
    return (
      <button
        type="button"
        className="btn btn-sm varco-frame-retry"
        data-testid="remote-unavailable"
        data-remote={remote}
        title={t('remote.unavailableTitle')}
        onClick={retry}
      >
        {RETRY_ICON}
        <span className="visually-hidden">{t('remote.retryUnavailable')}</span>
      </button>
    );
  const notice = (
    <div className="alert alert-warning my-3" role="alert" data-testid="remote-unavailable" data-remote={remote}>
      <h2 className="h5">{t('remote.unavailableTitle')}</h2>
      <p>{t('remote.unavailableText')}</p>
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={retry}>
        {t('remote.retry')}
      </button>
    </div>
  );
  return page ? <div className="container py-4">{notice}</div> : notice;
}

interface BoundaryProps {
  remote: string;
  children: ReactNode;
  onRetry?: () => void;
  /** Told once each time the boundary catches what its children threw (the host reports it). */
  onError?: (error: unknown) => void;
  page?: boolean;
  frame?: boolean;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[remote ${this.props.remote}] failed to render`, error, info.componentStack);
    this.props.onError?.(error);
  }

  private readonly retry = () => {
    this.setState({ failed: false });
    this.props.onRetry?.();
  };

  override render(): ReactNode {
    if (this.state.failed)
      return (
        <RemoteUnavailable
          remote={this.props.remote}
          onRetry={this.retry}
          page={this.props.page}
          frame={this.props.frame}
        />
      );
    return this.props.children;
  }
}

/** Every remote mount sits in this boundary: a loader while it loads, a notice if it breaks. */
export function RemoteBoundary({ remote, children, onRetry, onError, page, frame }: BoundaryProps) {
  const { t } = useTranslation('common');
  return (
    <RemoteErrorBoundary remote={remote} onRetry={onRetry} onError={onError} page={page} frame={frame}>
      <Suspense fallback={<PageLoader label={t('remote.loading')} />}>{children}</Suspense>
    </RemoteErrorBoundary>
  );
}
