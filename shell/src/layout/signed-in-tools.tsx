import { RemoteComponent } from '../federation/remote-component';
import { useKeepAlive } from '../session/keep-alive';
import { UserMenu } from './user-menu';

/**
 * What the header shows a signed-in traveler: the notifications bell and the avatar menu. While it is mounted (signed
 * in) it also keeps the session alive.
 */
export default function SignedInTools() {
  useKeepAlive();
  return (
    <>
      <div className="bell-slot" data-testid="bell-slot">
        <RemoteComponent id="mfNotifications/Bell" frame />
      </div>
      <UserMenu />
    </>
  );
}
