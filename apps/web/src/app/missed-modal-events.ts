/** Dialog requests made before the manager listened; `listening` once it does. */
export interface MissedModalEvents {
  events: CustomEvent[];
  listening: boolean;
}
