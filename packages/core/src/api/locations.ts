/** Object locations and the user's GPS fixes (spec section 3 "Location/coordinates", "GPS position"). */
import { z } from 'zod';
import { StoredTimestamp } from './stored-values';
import { LOCATION_SOURCES } from '../domain/types';

const nullableNumber = z.number().finite().nullable().optional();

/** The GPS fix fields of spec section 3 beyond position and accuracy. */
export const GpsFix = z
  .object({
    height: nullableNumber,
    fixQuality: z.number().int().min(0).max(9).nullable().optional(),
    satellites: z.number().int().min(0).max(200).nullable().optional(),
    asnr: nullableNumber,
    hdop: nullableNumber,
    pdop: nullableNumber,
    vdop: nullableNumber,
    localTime: z.string().max(40).nullable().optional(),
    utcTime: z.string().max(40).nullable().optional(),
    mode: z.string().max(20).nullable().optional(),
    dgpsAge: nullableNumber,
    dgpsId: z.string().max(20).nullable().optional(),
    fix3d: z.boolean().nullable().optional(),
  })
  .strict();
export type GpsFix = z.infer<typeof GpsFix>;

export const Longitude = z.number().min(-180).max(180);
export const Latitude = z.number().min(-90).max(90);

export const LocationValue = z.object({
  longitude: Longitude,
  latitude: Latitude,
  altitude: z.number().nullable(),
  horizontalAccuracy: z.number().nullable(),
  source: z.enum(LOCATION_SOURCES),
  capturedTime: z.string().nullable(),
  gps: GpsFix.nullable(),
  /** The version to send back when changing it; null when the position comes from the GIS geometry. */
  version: z.number().nullable(),
});
export type LocationValue = z.infer<typeof LocationValue>;

export const LocationUpdate = z
  .object({
    longitude: Longitude,
    latitude: Latitude,
    altitude: z.number().finite().nullable().optional(),
    horizontalAccuracy: z.number().min(0).nullable().optional(),
    source: z.enum(LOCATION_SOURCES).default('collected'),
    capturedTime: StoredTimestamp.nullable().optional(),
    gps: GpsFix.nullable().optional(),
    /** The version read (null: none was stored); a stale one answers 409. */
    version: z.number().int().positive().nullable(),
  })
  .strict();
export type LocationUpdate = z.infer<typeof LocationUpdate>;

export const UserLocationFix = z
  .object({
    longitude: Longitude,
    latitude: Latitude,
    altitude: z.number().finite().nullable().optional(),
    horizontalAccuracy: z.number().min(0).nullable().optional(),
    source: z.string().min(1).max(40).default('device'),
    capturedTime: StoredTimestamp,
    gps: GpsFix.nullable().optional(),
  })
  .strict();
export type UserLocationFix = z.infer<typeof UserLocationFix>;

export const UserLocationSaved = z.object({ id: z.number(), receivedAt: z.string() });
