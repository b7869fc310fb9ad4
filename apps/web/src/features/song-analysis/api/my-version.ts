import {
  MyVersionResponse,
  type SaveVersionRequest,
  SaveVersionResponse,
  type SharedSheet,
  SharedSheetResponse,
  ShareResponse,
} from "@tonic/api";
import * as z from "zod/mini";
import { ApiError, api } from "@/lib/api";

const songPath = (videoId: string) => `/api/songs/${encodeURIComponent(videoId)}/my-version`;

/** The signed-in user's version of a song and whether they may edit it now (`GET …/my-version`). */
export function getMyVersion(videoId: string): Promise<MyVersionResponse> {
  return api(songPath(videoId), MyVersionResponse);
}

/**
 * Saves the whole sheet with the edits since the last save (`PUT …/my-version`).
 * @throws {ApiError} 403 with `reason: "edit-limit"` at a FREE account's daily limit; 400 for a bad sheet.
 */
export function saveMyVersion(videoId: string, body: SaveVersionRequest): Promise<SaveVersionResponse> {
  return api(songPath(videoId), SaveVersionResponse, { method: "PUT", json: body });
}

/** Deletes the user's version (and its shared link): the song shows Tonic's analysis again. */
export async function deleteMyVersion(videoId: string): Promise<void> {
  await api(songPath(videoId), z.unknown(), { method: "DELETE" });
}

/** Creates (or returns) the read-only link to the user's version. */
export async function shareMyVersion(videoId: string): Promise<ShareResponse["share"]> {
  return (await api(`${songPath(videoId)}/share`, ShareResponse, { method: "POST", json: {} })).share;
}

/** Revokes a shared link: it stops working for everyone. */
export async function revokeShare(id: string): Promise<void> {
  await api(`/api/sheets/${encodeURIComponent(id)}`, z.unknown(), { method: "DELETE" });
}

/**
 * A shared sheet as anyone sees it (`GET /api/sheets/:id`).
 * @returns null when the link was revoked or never existed (404).
 */
export async function getSharedSheet(id: string): Promise<SharedSheet | null> {
  try {
    return (await api(`/api/sheets/${encodeURIComponent(id)}`, SharedSheetResponse)).sheet;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
