import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ComponentMetadata } from '@casebridge/shared/schemas/dealer-configurations';
import { dealers } from './dealers.ts';

/**
 * What the configuration test page keeps beside a dealer's configuration (issue 14 item 3): the
 * draft being tested, and the component metadata generated from the dealer's components base URL.
 * The production text stays the dealer's `fixed_config_json`, which the dealer form edits too, so
 * there is one production configuration; a row exists only once a draft or metadata was saved.
 */
export const dealerConfigurations = pgTable('dealer_configurations', {
  dealerId: integer('dealer_id')
    .primaryKey()
    .references(() => dealers.id, { onDelete: 'cascade' }),
  /** Null: no draft saved, the page starts from the production text. */
  draftConfigJson: text('draft_config_json'),
  componentsMetadata: jsonb('components_metadata').$type<ComponentMetadata[]>(),
  componentsMetadataFileName: text('components_metadata_file_name'),
  componentsGeneratedAt: timestamp('components_generated_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
