import type { Client } from '@casebridge/shared/schemas/clients';

/**
 * A client's person: the name, else the address. A pending client shows what the mill typed when
 * inviting it (its lab's own records stay hidden until it accepts); the address is never blank.
 */
export function clientPersonLabel(client: Pick<Client, 'firstName' | 'lastName' | 'email'>): string {
  return `${client.firstName} ${client.lastName}`.trim() || client.email;
}

/** A client on one line: its lab's company once it accepted and named it, else its person. */
export function clientLabel(client: Pick<Client, 'firstName' | 'lastName' | 'email' | 'company'>): string {
  return client.company?.name.trim() || clientPersonLabel(client);
}
