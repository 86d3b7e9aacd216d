import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from './page-loader';

/**
 * The translated "this section is unavailable" block, with a retry. Used by the boundary and the stand-in module;
 * `page` when it takes the place of a whole page rather than of a widget.
 */
export function RemoteUnavailable({
  remote,
  onRetry,
  page = false,
}: {
  remote: string;
  onRetry?: () => void;
  page?: boolean;
}) {
  const { t } = useTranslation('common');
  const notice = (
    <div className="alert alert-warning my-3" role="alert" data-testid="remote-unavailable" data-remote={remote}>
      <h2 className="h5">{t('remote.unavailableTitle')}</h2>
      <p>{t('remote.unavailableText')}</p>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        onClick={onRetry ?? (() => window.location.reload())}
      >
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
      return <RemoteUnavailable remote={this.props.remote} onRetry={this.retry} page={this.props.page} />;
    return this.props.children;
  }
}

/** Every remote mount sits in this boundary: a loader while it loads, a notice if it breaks. */
export function RemoteBoundary({ remote, children, onRetry, onError, page }: BoundaryProps) {
  const { t } = useTranslation('common');
  return (
    <RemoteErrorBoundary remote={remote} onRetry={onRetry} onError={onError} page={page}>
      <Suspense fallback={<PageLoader label={t('remote.loading')} />}>{children}</Suspense>
    </RemoteErrorBoundary>
  );
}
