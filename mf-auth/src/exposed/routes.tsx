import { PageLoader } from '@varco/ui';
import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { AuthRoutesProps, AuthSection } from '@varco/federation-contract';
import { ChangePasswordPage } from '../features/change-password';
import { ProfilePage } from '../features/profile';
import { RecoverPasswordPage } from '../features/recover-password';
import { OtpPage, SignInPage } from '../features/sign-in';
import { SignUpPage } from '../features/sign-up';
import { SpidActivationPage, SpidReturnPage } from '../features/spid-activation';
import { WhenTranslated } from '@varco/i18n';
import { NS, registerTranslations } from '../i18n/namespace';

registerTranslations();

/** The pages of each section, by their path under the section's prefix; the one without a path is its index. */
const PAGES: Record<AuthSection, ReadonlyArray<{ path?: string; Page: ComponentType }>> = {
  'sign-in': [
    { Page: SignInPage },
    { path: 'otp', Page: OtpPage },
    { path: 'spid', Page: SpidReturnPage },
    { path: 'spid/activate', Page: SpidActivationPage },
  ],
  'sign-up': [{ Page: SignUpPage }],
  'recover-password': [{ Page: RecoverPasswordPage }],
  'change-password': [{ Page: ChangePasswordPage }],
  'edit-user': [{ Page: ProfilePage }],
};

/**
 * mf-auth/routes: mounted by the shell once per section (REMOTE_MOUNTS), each under its own prefix; the paths
 * here are relative to that prefix. docs/screens.md: unknown paths go to the welcome page.
 */
export default function AuthRoutes({ section }: AuthRoutesProps) {
  return (
    <WhenTranslated ns={NS} fallback={<PageLoader />}>
      <Routes>
        {PAGES[section].map(({ path, Page }) =>
          path === undefined ? (
            <Route key="" index element={<Page />} />
          ) : (
            <Route key={path} path={path} element={<Page />} />
          ),
        )}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </WhenTranslated>
  );
}
