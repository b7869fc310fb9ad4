export { dismissToast, showToast, type Toast, type ToastTone } from "./store";
export { Toaster } from "./Toaster";
