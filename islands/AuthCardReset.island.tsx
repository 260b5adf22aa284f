import { AUTH_CARDS } from '../contracts/auth-cards.js';
import { AuthCard, type AuthCardProps } from './auth/AuthCard.js';

/** §2 Reset card: its definition is AUTH_CARDS.reset (contracts/auth-cards.ts). */
export const AuthCardReset = (props: AuthCardProps) => <AuthCard card={AUTH_CARDS.reset} {...props} />;
