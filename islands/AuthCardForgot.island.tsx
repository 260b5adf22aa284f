import { AUTH_CARDS } from '../contracts/auth-cards.js';
import { AuthCard, type AuthCardProps } from './auth/AuthCard.js';

/** §2 Forgot card: its definition is AUTH_CARDS.forgot (contracts/auth-cards.ts). */
export const AuthCardForgot = (props: AuthCardProps) => <AuthCard card={AUTH_CARDS.forgot} {...props} />;
