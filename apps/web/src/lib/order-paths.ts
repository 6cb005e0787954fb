/** The side of the workspace a signed-in user works in; orders and messages live under both. */
export type WorkspaceSide = 'mill' | 'lab';

export function ordersPath(side: WorkspaceSide): string {
  return side === 'mill' ? '/mills/projects' : '/lab/projects';
}

export function messagesPath(side: WorkspaceSide): string {
  return side === 'mill' ? '/mills/messages' : '/lab/messages';
}

export function componentPath(side: WorkspaceSide, projectId: number, componentId: number): string {
  return `${ordersPath(side)}/${projectId}/components/${componentId}`;
}
