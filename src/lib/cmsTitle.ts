/** What /cms page titles end with (Payload's `admin.meta.titleSuffix`); the band's name replaces "Band" once there is one. */
export const CMS_TITLE_SUFFIX = '· Band CMS'
