/// <reference types="vite-plugin-pwa/vanillajs" />

import { registerSW } from "virtual:pwa-register";
import { useEffect, useRef, useState } from "react";
import { track } from "@/lib/analytics";
import { PwaDialog, primaryButton, secondaryButton } from "./PwaDialog";
import { type BeforeInstallPromptEvent, isIos, isStandalone } from "./platform";

/** PRODUCT §2 "Install and updates" / §4 "Install prompt": the exact update question. */
export const UPDATE_MESSAGE = "New version available! Click OK to update.";
/** Delay before the iOS instructions appear, so they do not cover the first paint (ms). */
const IOS_PROMPT_DELAY_MS = 3000;

let installedTracked = false;
let swRegistered = false;
/** Sends `pwa_installed` once per page, whichever signal (userChoice or appinstalled) comes first. */
function trackInstalled(platform: string) {
  if (installedTracked) return;
  installedTracked = true;
  track("pwa_installed", { platform });
}

/**
 * Registers the service worker (`/sw.js`) and shows the install and update prompts:
 * - "Install Tonic" (Maybe Later / Install Now) when the browser fires `beforeinstallprompt`;
 * - the iOS "Add to Home Screen" instructions (Maybe Later) in Safari outside standalone mode;
 * - a confirm "New version available! Click OK to update." when a new worker is waiting; OK activates
 *   it and the page reloads once the new worker controls it.
 * Accepting or "Maybe Later" hides a prompt for the rest of the visit. Sends the `pwa_installed` event.
 */
export function PwaPrompts() {
  const [installEvent, setInstallEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [showIos, setShowIos] = useState(false);
  const dismissed = useRef(false);

  useEffect(() => {
    if (swRegistered) return;
    swRegistered = true;
    const updateSW = registerSW({
      onNeedRefresh() {
        if (window.confirm(UPDATE_MESSAGE)) void updateSW(true);
      },
    });
  }, []);

  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      if (!dismissed.current) setInstallEvent(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      trackInstalled("browser");
      setInstallEvent(null);
    };
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    let timer: number | undefined;
    if (isIos(navigator.userAgent, navigator.platform, navigator.maxTouchPoints) && !isStandalone(window)) {
      timer = window.setTimeout(() => {
        if (!dismissed.current) setShowIos(true);
      }, IOS_PROMPT_DELAY_MS);
    }
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
      window.clearTimeout(timer);
    };
  }, []);

  const later = () => {
    dismissed.current = true;
    setInstallEvent(null);
    setShowIos(false);
  };

  const install = async () => {
    const event = installEvent;
    if (!event) return;
    setInstallEvent(null);
    try {
      await event.prompt();
      const choice = await event.userChoice;
      if (choice.outcome === "accepted") trackInstalled(choice.platform || "browser");
      else dismissed.current = true;
    } catch {
      // The browser refused to show its prompt (e.g. already used); nothing else to do.
    }
  };

  if (installEvent) {
    return (
      <PwaDialog
        title="Install Tonic"
        onDismiss={later}
        actions={
          <>
            <button type="button" className={secondaryButton} onClick={later}>
              Maybe Later
            </button>
            <button type="button" className={primaryButton} onClick={() => void install()}>
              Install Now
            </button>
          </>
        }
      >
        <p>Install Tonic on your device for quick access from your home screen and practice even offline.</p>
      </PwaDialog>
    );
  }
  if (showIos) {
    return (
      <PwaDialog
        title="Add to Home Screen"
        onDismiss={later}
        actions={
          <button type="button" className={primaryButton} onClick={later}>
            Maybe Later
          </button>
        }
      >
        <p>Install Tonic on your iPhone or iPad:</p>
        <ol className="mt-3 list-decimal space-y-1 pl-5">
          <li>
            Tap the <strong>Share</strong> button in Safari’s toolbar.
          </li>
          <li>
            Choose <strong>Add to Home Screen</strong>.
          </li>
          <li>
            Tap <strong>Add</strong>.
          </li>
        </ol>
      </PwaDialog>
    );
  }
  return null;
}
