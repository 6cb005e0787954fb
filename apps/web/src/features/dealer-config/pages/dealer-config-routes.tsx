import { ConfigurationTestPage } from './dealer-config-page.tsx';

/** The two routes of spec §2: the editable page and its view-only variant (ADR 0013). */
export function DealerConfigPage() {
  return <ConfigurationTestPage />;
}

export function DealerConfigViewPage() {
  return <ConfigurationTestPage viewOnly />;
}
