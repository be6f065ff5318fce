'use client'

import { useId, useState, type FormEvent } from 'react'

import { useLive } from '@/ui/useLive'

type Mode = 'invite' | 'setup' | 'signin'

const COPY: Record<Mode, { title: string; intro: string; submit: string; busy: string; endpoint: string }> = {
  signin: {
    title: 'Sign in',
    intro: 'Sign in with your team account to manage the band site.',
    submit: 'Sign In',
    busy: 'Signing in...',
    endpoint: '/api/auth/login',
  },
  setup: {
    title: 'Create the owner account',
    intro: 'This site has no team yet. The account you create now owns the site and can invite the rest of the band.',
    submit: 'Create owner account',
    busy: 'Creating account...',
    endpoint: '/api/auth/setup',
  },
  invite: {
    title: 'Set your password',
    intro: 'You have been invited to the band team. Choose a password to finish setting up your account.',
    submit: 'Set password and sign in',
    busy: 'Saving...',
    endpoint: '/api/auth/accept-invite',
  },
}

type Errors = Record<string, string>

/**
 * The form's button, disabled until the script runs: the form sends JSON, and a native submit
 * would put the password in the page's URL.
 */
function Submit({ label, busy }: { label: string; busy: boolean }) {
  const live = useLive()
  return (
    <>
      <button className="button" type="submit" disabled={busy || !live}>
        {label}
      </button>
      <noscript>
        <p className="muted">This form needs JavaScript: turn it on for this site to go on.</p>
      </noscript>
    </>
  )
}

export function AuthForm({ mode, inviteToken, next }: { mode: Mode; inviteToken: string; next: string }) {
  const copy = COPY[mode]
  const id = useId()
  const [busy, setBusy] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [errors, setErrors] = useState<Errors>({})

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body: Record<string, string> = {}
    for (const [key, value] of form.entries()) if (typeof value === 'string' && value !== '') body[key] = value
    if (mode === 'invite') body.token = inviteToken
    setBusy(true)
    setFormError(null)
    setErrors({})
    try {
      const res = await fetch(copy.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(body),
      })
      if (res.ok) {
        window.location.assign(next)
        return
      }
      const data = (await res.json().catch(() => ({}))) as { message?: string; errors?: Errors }
      setErrors(data.errors ?? {})
      setFormError(data.message ?? `Something went wrong (${res.status}). Please try again.`)
    } catch {
      setFormError('Could not reach the server. Check your connection and try again.')
    }
    setBusy(false)
  }

  const field = (name: string, label: string, type: string, autoComplete: string, required = true) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] && (
        <p className="field-error" id={`${id}-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  )

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{copy.title}</h1>
      <p className="muted">{copy.intro}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        {mode !== 'invite' && field('email', 'Email', 'email', 'email')}
        {mode !== 'signin' && field('firstName', 'First name', 'text', 'given-name', false)}
        {mode !== 'signin' && field('lastName', 'Last name', 'text', 'family-name', false)}
        {field(
          'password',
          mode === 'signin' ? 'Password' : 'New password (at least 8 characters)',
          'password',
          mode === 'signin' ? 'current-password' : 'new-password',
        )}
        {errors.token && <p className="field-error">{errors.token}</p>}
        <div role="alert" aria-live="assertive">
          {formError && <p className="form-error">{formError}</p>}
        </div>
        <Submit label={busy ? copy.busy : copy.submit} busy={busy} />
      </form>
    </section>
  )
}
