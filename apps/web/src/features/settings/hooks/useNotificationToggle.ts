import { useState } from "react";
import { useSettingsStore } from "@/stores/settings";

/**
 * Push Notifications toggle (PRODUCT §4): turning on asks the browser and the setting is on only
 * if permission is granted; turning off just clears it.
 */
export function useNotificationToggle() {
  const enabled = useSettingsStore((s) => s.settings.notifications);
  const updateSettings = useSettingsStore((s) => s.updateSettings);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const toggle = async () => {
    setMessage(null);
    if (enabled) {
      updateSettings({ notifications: false });
      return;
    }
    if (typeof Notification === "undefined") {
      setMessage("This browser does not support notifications.");
      return;
    }
    setPending(true);
    try {
      const permission = await Notification.requestPermission();
      const granted = permission === "granted";
      updateSettings({ notifications: granted });
      if (!granted)
        setMessage("Notifications were not allowed. You can change this in your browser settings.");
    } catch {
      setMessage("Could not ask for notification permission.");
    } finally {
      setPending(false);
    }
  };

  return { enabled, toggle, message, pending };
}
