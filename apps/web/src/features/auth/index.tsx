export { AuthCallbackPage } from "./components/AuthCallbackPage";
export { AuthPage } from "./components/AuthPage";
export { ResetPasswordScreen } from "./components/ResetPasswordScreen";
export { VerifyEmailScreen } from "./components/VerifyEmailScreen";
