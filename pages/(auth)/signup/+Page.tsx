import { AuthPage } from '../AuthPage.js';

export const Page = () => <AuthPage card="signup" />;
