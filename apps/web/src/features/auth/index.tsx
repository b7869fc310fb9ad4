export { AuthCallbackPage } from "./components/AuthCallbackPage";
export { AuthPage } from "./components/AuthPage";
export { AuthScreen } from "./components/AuthScreen";
export { ResetPasswordScreen } from "./components/ResetPasswordScreen";
export { VerifyEmailScreen } from "./components/VerifyEmailScreen";
