import { AUTH_CARDS } from '../contracts/auth-cards.js';
import { AuthCard, type AuthCardProps } from './auth/AuthCard.js';

/** §2 Confirm card: its definition is AUTH_CARDS.confirm (contracts/auth-cards.ts). */
export const AuthCardConfirm = (props: AuthCardProps) => <AuthCard card={AUTH_CARDS.confirm} {...props} />;
