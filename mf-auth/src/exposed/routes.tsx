import { Navigate, Route, Routes } from 'react-router-dom';
import type { AuthRoutesProps } from '@varco/federation-contract';
import { ChangePasswordPage } from '../features/change-password';
import { ProfilePage } from '../features/profile';
import { RecoverPasswordPage } from '../features/recover-password';
import { OtpPage, SignInPage } from '../features/sign-in';
import { SignUpPage } from '../features/sign-up';
import { SpidActivationPage, SpidReturnPage } from '../features/spid-activation';
import { registerTranslations } from '../i18n/namespace';

registerTranslations();

/** docs/screens.md: unknown paths go to the welcome page. */
const unknown = <Route path="*" element={<Navigate to="/" replace />} />;

/**
 * mf-auth/routes: mounted by the shell once per section (REMOTE_MOUNTS), each under its own prefix; the paths
 * here are relative to that prefix.
 */
export default function AuthRoutes({ section }: AuthRoutesProps) {
  switch (section) {
    case 'sign-in':
      return (
        <Routes>
          <Route index element={<SignInPage />} />
          <Route path="otp" element={<OtpPage />} />
          <Route path="spid" element={<SpidReturnPage />} />
          <Route path="spid/activate" element={<SpidActivationPage />} />
          {unknown}
        </Routes>
      );
    case 'sign-up':
      return (
        <Routes>
          <Route index element={<SignUpPage />} />
          {unknown}
        </Routes>
      );
    case 'recover-password':
      return (
        <Routes>
          <Route index element={<RecoverPasswordPage />} />
          {unknown}
        </Routes>
      );
    case 'change-password':
      return (
        <Routes>
          <Route index element={<ChangePasswordPage />} />
          {unknown}
        </Routes>
      );
    case 'edit-user':
      return (
        <Routes>
          <Route index element={<ProfilePage />} />
          {unknown}
        </Routes>
      );
  }
}
