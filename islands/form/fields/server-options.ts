import { createContext } from 'react';
import type { Option } from '../../../form/types.js';

/**
 * The server's rendering of a select's `<option>`s, exactly as React renders them (the placeholder first, the
 * chosen one marked `selected`), given only where the page is rendered on the server
 * (pages/form-components/FormIsland.tsx); the lists are long (countries, states, years) and never change per
 * applicant, so the server renders each once. In the browser there is no provider: the island renders the
 * options itself, and hydrates against the identical markup.
 */
export type ServerOptionsHtml = (options: readonly Option[], value: string) => string;

export const ServerOptionsContext = createContext<ServerOptionsHtml | undefined>(undefined);
