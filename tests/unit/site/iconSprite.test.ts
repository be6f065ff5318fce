import { describe, expect, it } from 'vitest'

import { ICON_SPRITE_URL, iconSprite, PRESET_ICONS } from '@/modules/site/ui/presetIcons'
import { ICON_PRESETS } from '@/modules/site/contract/iconPresets'
import { iconName } from '@/modules/site/contract/linkIcons'

describe('the preset icon sprite', () => {
  it('holds a symbol for each of the 20 presets of the icon picker', () => {
    const sprite = iconSprite()
    expect(ICON_PRESETS).toHaveLength(20)
    for (const preset of ICON_PRESETS) {
      const definition = PRESET_ICONS[iconName(preset.value) ?? '']
      expect(definition, preset.label).toBeDefined()
      expect(sprite, preset.label).toContain(
        `<symbol id="${definition!.iconName}" viewBox="0 0 ${definition!.icon[0]} ${definition!.icon[1]}">`,
      )
    }
  })

  it('is addressed by its content, so a new icon set gets a new address', () => {
    expect(ICON_SPRITE_URL).toMatch(/^\/icons\.svg\?v=[0-9a-z]+$/)
  })
})
