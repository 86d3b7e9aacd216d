import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '@varco/session';
import { preloadWhenIdle } from '../federation/preload';
import { RemoteComponent } from '../federation/remote-component';
import { showsKey, showsOf, slotAttributes, useReservedSize, type SlotShows } from './slot-sizes';

/** docs/screens.md /protected: the latest 4 invoices and 4 visa requests with View all, and the add-request button. */
export function ProtectedHome() {
  const { t } = useTranslation('common');
  const name = useSession((state) => state.user.nome ?? '');
  // How many items each widget will show, from user-info (kept in the session): null until it has answered once.
  const counts = useSession((state) => state.homeCounts);
  const shows = showsOf(counts);
  const action = useReservedSize('varco-action-slot', showsKey(shows.action));
  // The slot shows nothing at all while visa creation is off: nothing to keep a place for then.
  const canAdd = useSession((state) => state.visaCreationEnabled);
  // Right after sign-in the traveler goes on to their invoices or visa requests: their pages are fetched meanwhile.
  useEffect(() => preloadWhenIdle(['mfInvoices', 'mfVisa']), []);
  return (
    <div className="container py-4">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-3 mb-3">
        <div>
          <h1 className="h2 mb-1">{t('protectedHome.title')}</h1>
          {name ? <p className="mb-0">{t('protectedHome.greeting', { name })}</p> : null}
        </div>
        <div
          className="varco-action-slot"
          ref={action.ref}
          {...(canAdd ? slotAttributes(shows.action, action.style) : {})}
        >
          <RemoteComponent id="mfVisa/AddVisaButton" />
        </div>
      </div>
      <div className="row g-4">
        <LatestSection
          id="latest-invoices"
          title={t('protectedHome.latestInvoices')}
          to="/protected/invoice"
          remote="mfInvoices/LatestInvoices"
          slot="varco-invoices-slot"
          shows={shows.invoices}
        />
        <LatestSection
          id="latest-visas"
          title={t('protectedHome.latestVisas')}
          to="/protected/visa"
          remote="mfVisa/LatestVisas"
          slot="varco-visas-slot"
          shows={shows.visas}
        />
      </div>
    </div>
  );
}

/**
 * One half of the home: a remote's latest items under a heading with the View all link to its list. `slot` names the
 * classes that size it while it loads, written out whole so that the unused-CSS pass of the build finds them.
 */
function LatestSection({
  id,
  title,
  to,
  remote,
  slot,
  shows,
}: {
  id: string;
  title: string;
  to: string;
  remote: 'mfInvoices/LatestInvoices' | 'mfVisa/LatestVisas';
  slot: string;
  shows: SlotShows | undefined;
}) {
  const { t } = useTranslation('common');
  const reserved = useReservedSize(slot, showsKey(shows));
  return (
    <section className="col-lg-6" aria-labelledby={`${id}-title`}>
      <div className="d-flex justify-content-between align-items-baseline">
        <h2 className="h4" id={`${id}-title`}>
          {title}
        </h2>
        <Link to={to}>{t('protectedHome.viewAll')}</Link>
      </div>
      {/* Sized while it loads (shell/src/styles.css), at its last height or that of its items: the widget's arrival moves nothing below it. */}
      <div className={slot} ref={reserved.ref} {...slotAttributes(shows, reserved.style)}>
        <RemoteComponent id={remote} />
      </div>
    </section>
  );
}
