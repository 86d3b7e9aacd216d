import { RemoteComponent } from '../federation/remote-component';
import { UserMenu } from './user-menu';

/** What the header shows a signed-in traveler: the notifications bell and the avatar menu. */
export default function SignedInTools() {
  return (
    <>
      <div className="bell-slot" data-testid="bell-slot">
        <RemoteComponent id="mfNotifications/Bell" />
      </div>
      <UserMenu />
    </>
  );
}
