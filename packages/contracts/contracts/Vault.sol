// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {Guarded} from "./Guarded.sol";

/// @title Withdrawal vault
/// @notice Pays member withdrawals in USDT or AGC against EIP-712 vouchers signed by the admin
/// `signer`. Each voucher id pays at most once. Because `signer` is a hot key, the damage a leaked
/// key can do is bounded on chain: no voucher pays more than `maxPerVoucher`, no 24 hours pay out
/// more than `dailyCap` of a token, the guardian can pause claims and cancel vouchers, and neither
/// a new signer nor higher limits take effect before `changeDelay` has passed.
contract Vault is EIP712, Guarded, ReentrancyGuard {
    using SafeERC20 for IERC20;

    struct Limits {
        uint128 maxPerVoucher;
        uint128 dailyCap;
    }

    struct PendingLimits {
        uint128 maxPerVoucher;
        uint128 dailyCap;
        uint256 eta;
    }

    enum VoucherState {
        Open,
        Claimed,
        Cancelled
    }

    error Expired();
    error AlreadyClaimed(uint256 id);
    error InvalidSigner();
    error UnsupportedToken();
    /// @dev Claim of a cancelled voucher (an error cannot share the name of the VoucherCancelled event).
    error Cancelled(uint256 id);
    error AlreadyCancelled(uint256 id);
    error VoucherTooLarge(uint256 amount, uint256 max);
    error DailyCapExceeded(uint256 amount, uint256 available);

    event Claimed(uint256 indexed id, address indexed account, address indexed token, uint256 amount);
    event VoucherCancelled(uint256 indexed id);
    event SignerChanged(address indexed previousSigner, address indexed newSigner);
    event SignerChangeProposed(address indexed newSigner, uint256 eta);
    event SignerChangeCancelled(address indexed cancelledSigner);
    event LimitsChanged(address indexed token, uint128 maxPerVoucher, uint128 dailyCap);
    event LimitsChangeProposed(address indexed token, uint128 maxPerVoucher, uint128 dailyCap, uint256 eta);
    event LimitsChangeCancelled(address indexed token);

    bytes32 public constant WITHDRAW_TYPEHASH =
        keccak256("Withdraw(uint256 id,address account,address token,uint256 amount,uint256 deadline)");

    uint256 private constant HOUR = 3600;
    /// @dev 24 full hours plus the current, partial one.
    uint256 private constant BUCKETS = 25;

    address public signer;
    PendingAddress public pendingSigner;

    mapping(address token => bool) public supportedToken;
    mapping(address token => Limits) public limits;
    mapping(address token => PendingLimits) public pendingLimits;

    /// @dev Outflow per token and hour: bucket `hour % 25` holds `hour << 128 | amount paid in that hour`.
    /// A bucket whose hour is older than the window is stale and counts as 0; it is overwritten by the
    /// next hour that maps to it. The amount never exceeds a dailyCap, so it fits in 128 bits.
    mapping(address token => uint256[BUCKETS]) private _outflow;

    // Keyed by voucher id, not by signature: a re-signed or malleated voucher for the same id must
    // still be refused. One state per id, so claimed and cancelled exclude each other.
    mapping(uint256 id => VoucherState) private _vouchers;

    constructor(
        address signer_,
        address guardian_,
        address usdt,
        address agc,
        Limits memory usdtLimits,
        Limits memory agcLimits,
        uint256 changeDelay_
    ) EIP712("AGCFund Vault", "1") Guarded(guardian_, changeDelay_) {
        if (usdt == address(0) || agc == address(0)) revert ZeroAddress();
        supportedToken[usdt] = true;
        supportedToken[agc] = true;
        _setLimits(usdt, usdtLimits.maxPerVoucher, usdtLimits.dailyCap);
        _setLimits(agc, agcLimits.maxPerVoucher, agcLimits.dailyCap);
        _setSigner(signer_);
    }

    /// @param signature Admin signature over Withdraw(id, msg.sender, token, amount, deadline); binding
    /// the caller means a leaked voucher is useless to anyone else.
    function claim(uint256 id, address token, uint256 amount, uint256 deadline, bytes calldata signature)
        external
        nonReentrant
        whenNotPaused
    {
        if (block.timestamp > deadline) revert Expired();
        if (!supportedToken[token]) revert UnsupportedToken();
        VoucherState state = _vouchers[id];
        if (state == VoucherState.Claimed) revert AlreadyClaimed(id);
        if (state == VoucherState.Cancelled) revert Cancelled(id);

        bytes32 digest =
            _hashTypedDataV4(keccak256(abi.encode(WITHDRAW_TYPEHASH, id, msg.sender, token, amount, deadline)));
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecoverCalldata(digest, signature);
        if (err != ECDSA.RecoverError.NoError || recovered != signer) revert InvalidSigner();

        _recordOutflow(token, amount);
        _vouchers[id] = VoucherState.Claimed;

        IERC20(token).safeTransfer(msg.sender, amount);
        emit Claimed(id, msg.sender, token, amount);
    }

    /// @notice Makes voucher `id` unclaimable for good, e.g. after a withdrawal was rejected or a
    /// voucher leaked. The signer may cancel too, so the server can revoke what it issued.
    function cancel(uint256 id) external {
        if (msg.sender != signer && msg.sender != guardian && msg.sender != owner()) revert Unauthorized();
        VoucherState state = _vouchers[id];
        if (state == VoucherState.Claimed) revert AlreadyClaimed(id);
        if (state == VoucherState.Cancelled) revert AlreadyCancelled(id);
        _vouchers[id] = VoucherState.Cancelled;
        emit VoucherCancelled(id);
    }

    function claimed(uint256 id) external view returns (bool) {
        return _vouchers[id] == VoucherState.Claimed;
    }

    function cancelled(uint256 id) external view returns (bool) {
        return _vouchers[id] == VoucherState.Cancelled;
    }

    /// @notice What the rolling cap counts against `token` right now: everything paid since the start
    /// of the hour 24 hours before the current one (so between the last 24 and the last 25 hours).
    function outflowLast24h(address token) external view returns (uint256) {
        return _sumWindow(_outflow[token], block.timestamp / HOUR);
    }

    /// @notice The largest amount of `token` the rolling cap lets through right now (vouchers are
    /// still bounded by maxPerVoucher and the vault's balance).
    function claimableNow(address token) external view returns (uint256) {
        return _available(limits[token].dailyCap, _sumWindow(_outflow[token], block.timestamp / HOUR));
    }

    // --- signer: delayed, since a new signer can drain up to the limits ---

    function proposeSigner(address newSigner) external onlyOwner {
        emit SignerChangeProposed(newSigner, _propose(pendingSigner, newSigner));
    }

    function executeSigner() external onlyOwner {
        _setSigner(_takeReady(pendingSigner));
    }

    function cancelSignerChange() external onlyOwnerOrGuardian {
        emit SignerChangeCancelled(_dropPending(pendingSigner));
    }

    // --- limits: tightening at once, loosening only after the delay ---

    /// @notice Every call supersedes a pending change for `token`. Values that fall apply at once;
    /// if either value rises, the complete new pair becomes pending until `executeLimits`.
    /// Example: (100, 1000) -> setLimits(50, 2000) applies (50, 1000) now and proposes (50, 2000).
    function setLimits(address token, uint128 maxPerVoucher, uint128 dailyCap) external onlyOwner {
        if (!supportedToken[token]) revert UnsupportedToken();
        if (pendingLimits[token].eta != 0) {
            delete pendingLimits[token];
            emit LimitsChangeCancelled(token);
        }
        Limits memory current = limits[token];
        bool rises = maxPerVoucher > current.maxPerVoucher || dailyCap > current.dailyCap;
        uint128 lowerMax = maxPerVoucher < current.maxPerVoucher ? maxPerVoucher : current.maxPerVoucher;
        uint128 lowerCap = dailyCap < current.dailyCap ? dailyCap : current.dailyCap;
        if (!rises || lowerMax != current.maxPerVoucher || lowerCap != current.dailyCap) {
            _setLimits(token, lowerMax, lowerCap);
        }
        if (rises) {
            uint256 eta = _eta();
            pendingLimits[token] = PendingLimits(maxPerVoucher, dailyCap, eta);
            emit LimitsChangeProposed(token, maxPerVoucher, dailyCap, eta);
        }
    }

    function executeLimits(address token) external onlyOwner {
        PendingLimits memory p = pendingLimits[token];
        _requireReady(p.eta);
        delete pendingLimits[token];
        _setLimits(token, p.maxPerVoucher, p.dailyCap);
    }

    function cancelLimitsChange(address token) external onlyOwnerOrGuardian {
        if (pendingLimits[token].eta == 0) revert NoPendingChange();
        delete pendingLimits[token];
        emit LimitsChangeCancelled(token);
    }

    /// @dev Sum of the buckets of hours `hour - 24` .. `hour` (25 distinct slots, so a slot either
    /// holds one of these hours or a stale one that counts as 0).
    /// Conservative on purpose: the hour `hour - 24` is counted whole although only its part after
    /// `now - 24h` lies within the last 24 hours, so the sum covers between 24 and 25 hours. It thus
    /// never undercounts: every payment of the last 24 hours is included, and a payment only stops
    /// counting 24 to 25 hours after it was made. Checking `sum + amount <= dailyCap` before each
    /// payment therefore guarantees that no 24-hour window ever pays out more than dailyCap (take the
    /// window's last payment: all others in the window lie within the 24 hours before it, so were
    /// counted when it was checked). The price is that capacity comes back up to an hour late.
    function _sumWindow(uint256[BUCKETS] storage buckets, uint256 hour) private view returns (uint256 sum) {
        for (uint256 i = 0; i < BUCKETS; ++i) {
            uint256 packed = buckets[i];
            // Bucket hours never exceed the current hour (block timestamps do not go back).
            if ((packed >> 128) + 24 >= hour) sum += uint128(packed);
        }
    }

    /// @dev Enforces maxPerVoucher and the rolling cap, then adds `amount` to the current hour's bucket.
    function _recordOutflow(address token, uint256 amount) private {
        Limits memory l = limits[token];
        if (amount > l.maxPerVoucher) revert VoucherTooLarge(amount, l.maxPerVoucher);
        uint256 hour = block.timestamp / HOUR;
        uint256[BUCKETS] storage buckets = _outflow[token];
        uint256 outflow = _sumWindow(buckets, hour);
        // amount <= maxPerVoucher < 2**128 and outflow <= 25 * 2**128: no overflow.
        if (outflow + amount > l.dailyCap) revert DailyCapExceeded(amount, _available(l.dailyCap, outflow));

        uint256 slot = hour % BUCKETS;
        uint256 packed = buckets[slot];
        uint256 paidThisHour = packed >> 128 == hour ? uint128(packed) : 0;
        // paidThisHour + amount <= outflow + amount <= dailyCap < 2**128.
        buckets[slot] = (hour << 128) | (paidThisHour + amount);
    }

    function _available(uint256 dailyCap, uint256 outflow) private pure returns (uint256) {
        return outflow >= dailyCap ? 0 : dailyCap - outflow;
    }

    function _setLimits(address token, uint128 maxPerVoucher, uint128 dailyCap) private {
        limits[token] = Limits(maxPerVoucher, dailyCap);
        emit LimitsChanged(token, maxPerVoucher, dailyCap);
    }

    function _setSigner(address newSigner) private {
        if (newSigner == address(0)) revert ZeroAddress();
        emit SignerChanged(signer, newSigner);
        signer = newSigner;
    }
}
