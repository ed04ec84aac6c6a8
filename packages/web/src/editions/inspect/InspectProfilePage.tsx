/**
 * The inspect edition's user profile (main-app §2 "User profile"): the profile feature's inspection
 * profile beside the map feature's selectors, both kept in the user's settings.
 */
import { MapSelectors } from '../../features/map/components/MapSelectors';
import { InspectionProfileSection } from '../../features/profile/components/InspectionProfileSection';
import './InspectProfilePage.css';

export function InspectProfilePage() {
  return (
    <div className="mw-profile-page">
      <h1>Profile</h1>
      <p className="mw-page__lead">What your new inspections start with, and what the map shows you.</p>
      <div className="mw-profile-page__sections">
        <InspectionProfileSection />
        <MapSelectors />
      </div>
    </div>
  );
}
