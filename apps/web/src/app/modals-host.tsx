import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import type { MissedModalEvents } from './missed-modal-events.ts';

/** The dialogs manager and the requests it missed while its chunk loaded (see lazy-modals.tsx). */
export function ModalsHost({ missed }: { missed: MissedModalEvents }) {
  return (
    <>
      <ModalsProvider>{null}</ModalsProvider>
      <ReplayMissed missed={missed} />
    </>
  );
}

/**
 * A sibling after the provider: its effect runs after the provider has subscribed to the events,
 * so the replayed ones reach it. `splice` empties the list, so a second run replays nothing, and
 * `listening` stops the replay itself from being kept again.
 */
function ReplayMissed({ missed }: { missed: MissedModalEvents }) {
  useEffect(() => {
    const events = missed.events.splice(0);
    missed.listening = true;
    for (const event of events) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  }, [missed]);
  return null;
}
