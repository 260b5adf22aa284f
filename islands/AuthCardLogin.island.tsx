import { AUTH_CARDS } from '../contracts/auth-cards.js';
import { AuthCard, type AuthCardProps } from './auth/AuthCard.js';

/** §2 Login card: its definition is AUTH_CARDS.login (contracts/auth-cards.ts). */
export const AuthCardLogin = (props: AuthCardProps) => <AuthCard card={AUTH_CARDS.login} {...props} />;
