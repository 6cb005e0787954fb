import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { dealerConfigurations } from '../schema/dealer-configurations.ts';
import { dealers } from '../schema/dealers.ts';

/**
 * Demo Dealer's installation configuration (issue 14 item 3): a FixedJson production configuration
 * whose products name components, and the component metadata those ids are checked against, so the
 * configuration test page works on the demo. The components base URL is a placeholder: generating
 * the file again needs a real components server (and OUTBOUND_ALLOWED_HOSTS for an internal one).
 */
export const DEMO_CONFIGURATION = {
  installer: { language: 'de', showLicenceDialog: true, channel: 'stable' },
  products: [{ name: 'CaseBridge CAM', mandatory: 'CAM-CORE,CAM-POST', optional: 'CAM-5AX,CAM-NEST', mandatoryThenOptional: 'CAM-LIB' }],
  update: { installer: { language: 'de', showLicenceDialog: false, channel: 'stable' } },
};

const DEMO_COMPONENTS = [
  { id: 'CAM-CORE', name: 'CAM core', version: '7.2.0' },
  { id: 'CAM-POST', name: 'Postprocessors', version: '7.2.0' },
  { id: 'CAM-5AX', name: '5-axis strategies', version: '7.2.0' },
  { id: 'CAM-NEST', name: 'Nesting', version: '7.1.3' },
  { id: 'CAM-LIB', name: 'Implant library', version: '2026.10' },
  { id: 'CAM-SCAN', name: 'Scan import', version: '3.4.1' },
];

export async function seedDemoConfiguration(db: Db, dealerId: number): Promise<void> {
  const text = JSON.stringify(DEMO_CONFIGURATION, null, 2);
  await db
    .update(dealers)
    .set({ configurationType: 'FixedJson', fixedConfigJson: text, componentBaseUrl: 'https://components.demo-dealer.test/cam' })
    .where(eq(dealers.id, dealerId));
  await db.insert(dealerConfigurations).values({
    dealerId,
    draftConfigJson: text,
    componentsMetadata: DEMO_COMPONENTS,
    componentsMetadataFileName: 'components-DD-ROOT.json',
    componentsGeneratedAt: new Date(),
  });
}
