import { AUTH_CARDS } from '../contracts/auth-cards.js';
import { AuthCard, type AuthCardProps } from './auth/AuthCard.js';

/** §2 Signup card: its definition is AUTH_CARDS.signup (contracts/auth-cards.ts). */
export const AuthCardSignup = (props: AuthCardProps) => <AuthCard card={AUTH_CARDS.signup} {...props} />;
